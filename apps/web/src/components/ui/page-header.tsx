// The heading row at the top of a workspace screen.
import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="flex items-center gap-3 px-4 pt-6 pb-4">
      <h1 className="min-w-0 flex-1 truncate text-2xl font-bold">{title}</h1>
      {children}
    </header>
  );
}

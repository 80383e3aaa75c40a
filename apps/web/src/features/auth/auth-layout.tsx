// The frame of the sign-in screens: the Kete mark on top, content in a narrow column.
import type { ReactNode } from 'react';
import { KeteMark } from '../../components/ui/kete-mark.js';

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-6 pt-12 pb-8">
      <div className="mb-10 flex items-center gap-2 text-flax-700">
        <KeteMark className="size-10" />
        <span className="text-2xl font-bold tracking-tight">Kete</span>
      </div>
      {children}
    </main>
  );
}

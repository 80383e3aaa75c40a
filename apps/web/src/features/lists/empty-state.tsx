// An empty state: the spec's title and text, never a blank screen.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text?: string;
  /** The way forward: a button under the text. */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center px-6 py-10 text-center">
      <Icon aria-hidden="true" className="mb-3 size-10 text-stone-400" />
      <p className="text-lg font-semibold">{title}</p>
      {text && <p className="mt-1 max-w-xs text-stone-600">{text}</p>}
      {children && <div className="mt-5">{children}</div>}
    </div>
  );
}

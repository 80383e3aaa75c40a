// The frame of the error pages: an icon, a heading, what happened, and a link back to '/'.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface ErrorLayoutProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  linkLabel?: string;
}

export function ErrorLayout({ icon: Icon, title, children, linkLabel = 'Back to Kete' }: ErrorLayoutProps) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-14 text-flax-600" strokeWidth={1.5} />
      <h1 className="mt-6 text-2xl font-bold text-balance">{title}</h1>
      <div className="mt-3 space-y-3 text-stone-700 text-pretty">{children}</div>
      <Link
        to="/"
        className="mt-8 inline-flex min-h-11 items-center justify-center rounded-xl bg-flax-600 px-6 font-semibold text-white hover:bg-flax-700"
      >
        {linkLabel}
      </Link>
    </main>
  );
}

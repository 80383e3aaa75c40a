// The frame of the error pages: an icon, a heading, what happened, and a link back to '/'.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { reloadPage } from '../../lib/navigation.js';

const LINK_CLASSES =
  'mt-8 inline-flex min-h-11 items-center justify-center rounded-xl bg-flax-600 px-6 font-semibold text-white hover:bg-flax-700';

export interface ErrorLayoutProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  linkLabel?: string;
  /**
   * 'app': to '/' within the app (the default). 'home': to '/' as a fresh page load, and 'here':
   * this page loaded again, keeping what it was opened with (the e-mail a pass-code step was for);
   * both for when the app's own code in memory may be what failed.
   */
  link?: 'app' | 'home' | 'here';
}

export function ErrorLayout({
  icon: Icon,
  title,
  children,
  linkLabel = 'Back to Kete',
  link = 'app',
}: ErrorLayoutProps) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-14 text-flax-600" strokeWidth={1.5} />
      <h1 className="mt-6 text-2xl font-bold text-balance">{title}</h1>
      <div className="mt-3 space-y-3 text-stone-700 text-pretty">{children}</div>
      {link === 'here' ? (
        <a
          href={window.location.href}
          onClick={(event) => {
            event.preventDefault();
            reloadPage();
          }}
          className={LINK_CLASSES}
        >
          {linkLabel}
        </a>
      ) : (
        <Link to="/" reloadDocument={link === 'home'} className={LINK_CLASSES}>
          {linkLabel}
        </Link>
      )}
    </main>
  );
}

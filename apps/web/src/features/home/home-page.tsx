// /w/home. Part 2 of the web app builds the real home screen (avatar menu, switcher, specials,
// favourites); this stand-in keeps the shell, guards and sign-out testable meanwhile.
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';

export function HomePage() {
  const member = useWorkspaceStore((s) => s.data?.member);
  return (
    <>
      <PageHeader title="Home" />
      <div className="space-y-4 px-4">
        <p className="text-stone-700">Kia ora{member ? `, ${member.displayName}` : ''}.</p>
        <Link to="/logout" className="inline-flex min-h-11 items-center font-medium text-flax-700 underline">
          Sign out
        </Link>
      </div>
    </>
  );
}

// The error pages of spec section 2: /e/network, /e/403, /e/500 and the 404 for anything else.
import { Ban, CloudOff, SearchX, ServerCrash } from 'lucide-react';
import { useLocation } from 'react-router';
import { ErrorLayout } from './error-layout.js';

/** The network error page; `reloadHere`: Try again loads the page it is shown on afresh. */
export function NetworkErrorPage({ reloadHere = false }: { reloadHere?: boolean } = {}) {
  return (
    <ErrorLayout
      icon={CloudOff}
      title="There's a glitch!"
      linkLabel="Try again"
      link={reloadHere ? 'here' : 'app'}
    >
      <p>
        The connection to the service does not appear to be working. Check that you are online, then try
        again.
      </p>
    </ErrorLayout>
  );
}

export function ForbiddenPage() {
  return <ErrorLayout icon={Ban} title="Sorry, but you do not have access to this resource." />;
}

/** Reads {status, data: {message}} that the API client put in the navigation state. */
export function serverErrorDetails(state: unknown): { status: number | null; message: string | null } {
  const s = (state ?? {}) as { status?: unknown; data?: { message?: unknown } | null };
  return {
    status: typeof s.status === 'number' ? s.status : null,
    message: typeof s.data?.message === 'string' && s.data.message ? s.data.message : null,
  };
}

/** The server error page; `reloadHome`: its link goes to '/' as a fresh page load. */
export function ServerErrorPage({ reloadHome = false }: { reloadHome?: boolean } = {}) {
  const { status, message } = serverErrorDetails(useLocation().state);
  return (
    <ErrorLayout icon={ServerCrash} title="Server error" link={reloadHome ? 'home' : 'app'}>
      <p>
        That's a bit unexpected. It looks like the server experienced an error while trying to process your
        request.
      </p>
      {message && (
        <blockquote className="rounded-xl bg-stone-100 p-3 font-medium text-stone-800">
          "{message}"
        </blockquote>
      )}
      {status !== null && <p className="tabular text-sm text-stone-600">Error {status}</p>}
    </ErrorLayout>
  );
}

export function NotFoundPage() {
  return (
    <ErrorLayout icon={SearchX} title="404" linkLabel="Go to the start">
      <p>We couldn't find that page.</p>
    </ErrorLayout>
  );
}

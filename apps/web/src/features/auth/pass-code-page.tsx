// /login/pass-code: the code from the e-mail. Submits by itself at 6 characters and on Enter.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.js';
import { ApiRequestError } from '../../lib/api-errors.js';
import { beginSession } from '../../lib/reset-app-state.js';
import { signInWithCode } from './api/identity-api.js';
import { AuthLayout } from './auth-layout.js';
import { PasscodeBoxes } from './passcode-boxes.js';
import { codeOf, type EntryState, emptyBoxes, isComplete } from './passcode-entry.js';
import { RequestAccess } from './request-access.js';

function emailFrom(state: unknown): string | null {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email ? email : null;
}

export function PassCodePage() {
  const email = emailFrom(useLocation().state);
  const navigate = useNavigate();
  const [entry, setEntry] = useState<EntryState>({ boxes: emptyBoxes(), focus: 0 });
  const signIn = useMutation({
    mutationFn: (code: string) => signInWithCode(email ?? '', code),
    onSuccess: (session) => {
      // Someone else may have been signed in on this phone: nothing of theirs may show.
      beginSession(session);
      navigate('/a/start', { replace: true });
    },
    // A wrong code is easiest to retype into empty boxes.
    onError: () => setEntry({ boxes: emptyBoxes(), focus: 0 }),
  });

  if (!email) return <Navigate to="/login" replace />;

  const submit = (code: string) => {
    if (!signIn.isPending && code.length > 0) signIn.mutate(code);
  };
  const change = (next: EntryState) => {
    setEntry(next);
    if (isComplete(next.boxes) && !isComplete(entry.boxes)) submit(codeOf(next.boxes));
  };
  const failure = signIn.error instanceof ApiRequestError ? signIn.error : null;
  // Invite-only and never invited: no code will help, so the boxes give way to a request.
  const notInvited = failure?.status === 403;
  const error = failure && !notInvited ? failure.message : null;

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold">Check your email for a code</h1>
      <p className="mt-2 text-stone-700">
        We've sent a 6-character code to{' '}
        <strong className="break-all font-semibold text-stone-900">{email}</strong>. The code expires shortly,
        so enter it soon.
      </p>
      {notInvited && failure && (
        <div className="mt-8">
          <RequestAccess email={email} message={failure.message} />
        </div>
      )}
      <div className={notInvited ? 'hidden' : 'mt-8'}>
        <PasscodeBoxes
          boxes={entry.boxes}
          focus={entry.focus}
          disabled={signIn.isPending}
          onChange={change}
          onEnter={() => submit(codeOf(entry.boxes))}
          // Red boxes only until the shopper starts typing again; the banner stays.
          invalid={error !== null && codeOf(entry.boxes) === ''}
          describedBy={error ? 'passcode-error' : undefined}
        />
        {error && (
          <div id="passcode-error" className="mt-4">
            <Alert kind="danger">{error}</Alert>
          </div>
        )}
      </div>
      <p className="mt-8 text-center text-sm text-stone-700">
        Can't find your code? Check your spam or junk email folder!
      </p>
      <p className="mt-4 text-center text-sm">
        <Link
          to="/login"
          className="inline-flex min-h-11 items-center px-3 font-medium text-flax-700 underline"
        >
          Use a different email
        </Link>
      </p>
    </AuthLayout>
  );
}

// Under KETE_SIGNUP=invite a right code from an address nobody invited is refused (403). The code
// screen says so plainly and offers to ask for access (POST /api/access), then confirms it was
// sent, instead of the 500 page with the server's raw text (issue 9).
import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { ApiRequestError } from '../../lib/api-errors.js';
import { requestAccess } from './api/identity-api.js';

export const requestSentMessage = (email: string) =>
  `Request sent. We'll email ${email} as soon as it is approved.`;

export function RequestAccess({ email, message }: { email: string; message: string }) {
  const request = useMutation({ mutationFn: () => requestAccess(email) });
  if (request.isSuccess) return <Alert kind="success">{requestSentMessage(email)}</Alert>;
  const failed = request.error instanceof ApiRequestError && !request.error.routed ? request.error : null;
  return (
    <div className="space-y-3">
      <Alert kind="warning">{message}</Alert>
      {failed && <Alert kind="danger">{failed.message}</Alert>}
      <Button variant="primary" className="w-full" onClick={() => request.mutateAsync()}>
        Request access
      </Button>
    </div>
  );
}

// A failed search, shown where the results would be: why, and a way to try again with the same text.
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';

export function SearchFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="space-y-3 px-4 pt-2">
      <Alert kind="danger">{message}</Alert>
      <Button variant="secondary" onClick={onRetry} className="w-full">
        Try again
      </Button>
    </div>
  );
}

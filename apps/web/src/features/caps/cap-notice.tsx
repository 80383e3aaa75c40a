// How close a workspace cap is (packages/shared/src/limits.ts), shown beside what it counts:
// "18 of 20 stores" from 80% of the cap, and at the cap a warning with the reason and the way out.
import type { CapState } from '@kete/shared';
import { Alert } from '../../components/ui/alert.js';

export interface CapNoticeProps {
  cap: CapState;
  /** An id for the message at the cap, for controls it explains (aria-describedby). */
  messageId?: string;
  className?: string;
}

export function CapNotice({ cap, messageId, className = '' }: CapNoticeProps) {
  if (cap.atCap) {
    return (
      <Alert kind="warning" className={className}>
        <p data-cap-label className="tabular font-semibold">
          {cap.label}
        </p>
        <p id={messageId}>{cap.message}</p>
      </Alert>
    );
  }
  if (!cap.nearCap) return null;
  return (
    <p data-cap-label className={`tabular text-sm text-stone-600 ${className}`}>
      {cap.label}
    </p>
  );
}

// A spinner that appears only after a delay (spec section 9: 500 ms), so quick loads never flash.
import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';

export const SPINNER_DELAY_MS = 500;

/** Always the spec's 500 ms: no caller picks its own delay. */
export function DelayedSpinner({ label = 'Loading' }: { label?: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div role="status" className="flex justify-center p-6 text-flax-600">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin motion-reduce:animate-none" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

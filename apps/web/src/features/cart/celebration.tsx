// The completion celebration: the spec's message with 200 confetti pieces, not recycled. Loaded
// on demand (React.lazy) so the confetti never weighs on the first load.

import { PartyPopper } from 'lucide-react';
import { useEffect, useState } from 'react';
import Confetti from 'react-confetti';

export const COMPLETION_MESSAGE =
  "You've completed your shopping list - an achievement worthy of confetti, fireworks, and maybe even a spontaneous dance number.";

export default function Celebration() {
  const [size, setSize] = useState({ width: window.innerWidth, height: window.innerHeight });
  useEffect(() => {
    const resize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return (
    <div role="status" className="px-6 py-12 text-center">
      <PartyPopper aria-hidden="true" className="mx-auto size-14 text-warm-500" />
      <p className="mx-auto mt-4 max-w-sm text-lg font-semibold">{COMPLETION_MESSAGE}</p>
      {!calm && (
        <Confetti
          width={size.width}
          height={size.height}
          numberOfPieces={200}
          recycle={false}
          style={{ position: 'fixed', inset: 0, pointerEvents: 'none', zIndex: 60 }}
        />
      )}
    </div>
  );
}

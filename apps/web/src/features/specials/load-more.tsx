// Fetches the next page when the end of a list scrolls into view; the button does the same for
// anyone who prefers (or needs) to ask.
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.js';

export function LoadMore({ busy, onLoad }: { busy: boolean; onLoad(): void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={sentinel} className="flex justify-center py-4">
      <Button variant="secondary" busy={busy} onClick={onLoad}>
        {busy ? 'Loading…' : 'Show more'}
      </Button>
    </div>
  );
}

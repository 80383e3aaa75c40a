// Dragging an aisle group by its handle (issue 35): pointer events (mouse, touch, pen alike); the
// group follows the finger and drops where its middle has passed another group's middle.
import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';

export interface GroupDrag {
  key: string;
  /** How far the group has moved from where it was picked up, in px. */
  dy: number;
  /** Where it would drop: an index among the groups shown. */
  target: number;
}

export function useGroupDrag(keys: readonly string[], onDrop: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<GroupDrag | null>(null);
  const sections = useRef(new Map<string, HTMLElement>());
  const start = useRef({ y: 0, mids: [] as number[], from: 0 });

  const register = (key: string) => (element: HTMLElement | null) => {
    if (element) sections.current.set(key, element);
    else sections.current.delete(key);
  };

  const handleProps = (key: string) => ({
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      const mids = keys.map((k) => {
        const box = sections.current.get(k)?.getBoundingClientRect();
        return box ? box.top + box.height / 2 : 0;
      });
      const from = keys.indexOf(key);
      start.current = { y: event.clientY, mids, from };
      setDrag({ key, dy: 0, target: from });
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      if (!drag || drag.key !== key) return;
      const dy = event.clientY - start.current.y;
      const { mids, from } = start.current;
      const middle = (mids[from] ?? 0) + dy;
      let target = from;
      mids.forEach((mid, i) => {
        if (i < from && middle < mid) target = Math.min(target, i);
        if (i > from && middle > mid) target = Math.max(target, i);
      });
      setDrag({ key, dy, target });
    },
    onPointerUp() {
      if (!drag || drag.key !== key) return;
      setDrag(null);
      if (drag.target !== start.current.from) onDrop(start.current.from, drag.target);
    },
    onPointerCancel() {
      setDrag(null);
    },
  });

  return { drag, register, handleProps };
}

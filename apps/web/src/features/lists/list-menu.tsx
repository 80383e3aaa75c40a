// The list drawer's menu: 'Add to shopping list', 'Edit name', 'Delete list'. A small disclosure
// menu: arrow keys are not needed for three items, Escape and a choice close it.
import { EllipsisVertical } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

export type ListMenuChoice = 'Add to shopping list' | 'Edit name' | 'Delete list';
const choices: ListMenuChoice[] = ['Add to shopping list', 'Edit name', 'Delete list'];

export function ListMenu({
  onChoose,
  pending = [],
}: {
  onChoose(choice: ListMenuChoice): void;
  /** Choices whose request is running: disabled until it settles (spec section 4). */
  pending?: readonly ListMenuChoice[];
}) {
  const [open, setOpen] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  return (
    <div className="relative">
      <button
        type="button"
        aria-label="List menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex size-11 items-center justify-center rounded-full hover:bg-stone-100"
      >
        <EllipsisVertical aria-hidden="true" className="size-5" />
      </button>
      {open && (
        <div
          role="menu"
          onKeyDown={(event) => {
            // Escape closes the menu, not the drawer around it.
            if (event.key === 'Escape') {
              event.stopPropagation();
              setOpen(false);
            }
          }}
          className="absolute top-12 right-0 z-10 w-56 overflow-hidden rounded-2xl border border-stone-200 bg-white py-1 shadow-xl"
        >
          {choices.map((choice, index) => (
            <button
              key={choice}
              ref={index === 0 ? first : undefined}
              type="button"
              role="menuitem"
              disabled={pending.includes(choice)}
              aria-busy={pending.includes(choice) || undefined}
              onClick={() => {
                setOpen(false);
                onChoose(choice);
              }}
              className={`flex min-h-11 w-full items-center px-4 text-left font-medium hover:bg-stone-100 disabled:text-stone-400 ${
                choice === 'Delete list' ? 'text-red-700' : ''
              }`}
            >
              {choice}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

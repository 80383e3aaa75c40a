// Every tap answers (issue 37 item 5): 'Added Milk to the shopping list  Undo', 'Ticked off Milk
// Undo', 'Access saved'. One short line above the bottom navigation, for the shopper's own taps
// (the live toast at the top tells of other members' changes). Undo is offered for adds and ticks.
import { create } from 'zustand';

/** Long enough to read a short line and reach Undo; Undo keeps it no longer than that. */
export const ACTION_TOAST_MS = 5000;

interface ActionToast {
  message: string;
  undo?: (() => unknown) | undefined;
  key: number;
}

interface ActionToastState {
  toast: ActionToast | null;
  show(message: string, undo?: () => unknown): void;
  hide(): void;
}

let hideTimer: ReturnType<typeof setTimeout> | null = null;

export const useActionToast = create<ActionToastState>()((set) => ({
  toast: null,
  show(message, undo) {
    if (hideTimer) clearTimeout(hideTimer);
    hideTimer = setTimeout(() => set({ toast: null }), ACTION_TOAST_MS);
    set((state) => ({ toast: { message, undo, key: (state.toast?.key ?? 0) + 1 } }));
  },
  hide() {
    if (hideTimer) clearTimeout(hideTimer);
    set({ toast: null });
  },
}));

/** Shows a confirmation from outside React (mutations' callbacks). */
export const confirmAction = (message: string, undo?: () => unknown) =>
  useActionToast.getState().show(message, undo);

export function ActionToastHost() {
  const toast = useActionToast((s) => s.toast);
  const hide = useActionToast((s) => s.hide);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-[calc(5.5rem+var(--spacing-safe-bottom))] z-50 flex justify-center px-4"
    >
      {toast && (
        <div
          key={toast.key}
          data-action-toast
          className="pointer-events-auto flex max-w-md animate-[kete-fade-in_150ms_ease-out] items-center gap-3 rounded-2xl bg-stone-900 py-1 pr-1 pl-4 text-sm font-medium text-white shadow-lg"
        >
          <span className="min-w-0 flex-1 py-2">{toast.message}</span>
          {toast.undo && (
            <button
              type="button"
              onClick={() => {
                const undo = toast.undo;
                hide();
                void Promise.resolve(undo?.()).catch(() => undefined);
              }}
              className="min-h-11 rounded-xl px-3 font-bold text-flax-100 underline underline-offset-2"
            >
              Undo
            </button>
          )}
        </div>
      )}
    </div>
  );
}

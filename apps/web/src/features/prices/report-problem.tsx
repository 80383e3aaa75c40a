// Trust in every price (issue 33 items 5 and 7): a shopper reports a problem with a store's price
// from the product drawer; a price reported by two or more households is marked; a pack that
// changed size says so.
import {
  type Price,
  type PriceReport,
  REPORT_CHOICES,
  REPORT_NOTE_MAX,
  REPORTED_MARKER,
  type ReportKind,
  type SizeChange,
  type Store,
  sizeChangeText,
} from '@kete/shared';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert.js';
import { Modal } from '../../components/ui/modal.js';
import { api } from '../../lib/api-client.js';
import { refusalMessage } from '../caps/show-refusal.js';
import { useLiveToast } from '../live/live-toast.js';
import { workspacePath } from '../products/api/workspace-path.js';

export const REPORT_THANKS = 'Thanks. Kete will look into it.';

/** A calm marker on a price two or more households reported wrong or not in store. */
export function ReportedMarker({ price }: { price: Price | undefined }) {
  if (!price?.reported) return null;
  return (
    <span
      data-reported-marker
      className="inline-flex items-center rounded-full px-2 py-0.5 text-xs whitespace-nowrap text-warm-800 ring-1 ring-warm-500/40"
    >
      {REPORTED_MARKER}
    </span>
  );
}

/** 'Smaller pack since 3 Nov: 500 g → 450 g, +11% per kg' under the pack size. */
export function SizeChangeLine({ change }: { change: SizeChange | undefined }) {
  if (!change) return null;
  return (
    <p data-size-change className="text-sm font-medium text-warm-800">
      {sizeChangeText(change)}
    </p>
  );
}

/** 'Report a problem' under a store's price in the drawer, and its sheet. */
export function ReportProblem({ productId, store }: { productId: number; store: Store }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        data-report-problem={store.name}
        onClick={() => setOpen(true)}
        className="min-h-6 text-xs font-medium text-stone-600 underline underline-offset-2 hover:text-flax-700"
      >
        Report a problem
      </button>
      {open && <ReportSheet productId={productId} store={store} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReportSheet({ productId, store, onClose }: { productId: number; store: Store; onClose(): void }) {
  const [kind, setKind] = useState<ReportKind | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function send() {
    if (!kind) return;
    setBusy(true);
    setRefusal(null);
    try {
      const trimmed = note.trim();
      await api.post<PriceReport>(
        workspacePath(`/products/${productId}/reports`),
        { storeId: store.id, kind, ...(trimmed ? { note: trimmed } : {}) },
        { inline: true, loading: false, offline: false },
      );
      useLiveToast.getState().show(REPORT_THANKS);
      onClose();
    } catch (error) {
      setRefusal(refusalMessage(error));
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Report a problem"
      onSave={send}
      saveLabel="Send"
      saveDisabled={!kind || busy}
    >
      <div data-report-sheet className="space-y-3">
        <p className="text-sm text-stone-600">What is wrong with this price at {store.name}?</p>
        {refusal && <Alert kind="danger">{refusal}</Alert>}
        <fieldset className="space-y-1">
          <legend className="sr-only">What is wrong</legend>
          {REPORT_CHOICES.map((choice) => (
            <label
              key={choice.kind}
              className="flex min-h-11 items-center gap-3 rounded-xl px-2 ring-1 ring-stone-200 has-checked:ring-2 has-checked:ring-flax-600"
            >
              <input
                type="radio"
                name="report-kind"
                value={choice.kind}
                checked={kind === choice.kind}
                onChange={() => setKind(choice.kind)}
                className="size-4 accent-flax-700"
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
        <label className="block text-sm font-medium">
          Note (optional)
          <textarea
            value={note}
            maxLength={REPORT_NOTE_MAX}
            onChange={(event) => setNote(event.target.value)}
            rows={3}
            placeholder="For example: the shelf says $5.49"
            className="mt-1 block w-full rounded-xl border border-stone-300 bg-transparent p-2 text-base font-normal"
          />
        </label>
      </div>
    </Modal>
  );
}

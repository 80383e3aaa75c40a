// The first step of 'Import': paste lines of text, or load a Kete JSON export. Nothing is added
// here; the next step confirms a match for each line.
import { itemLabel, parseImportText, parseKeteExport } from '@kete/shared';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import type { ImportCandidate } from './use-import-matches.js';

export function ImportSource({ onLines }: { onLines(lines: ImportCandidate[]): void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textId = useId();
  const fileId = useId();
  const lines = parseImportText(text);

  async function load(file: File) {
    const parsed = parseKeteExport(await file.text());
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    onLines(
      parsed.list.items.map((item) => ({
        text: itemLabel({ ...item, displayUnits: null }),
        quantity: item.quantity,
        ...(item.productId === null ? {} : { productId: item.productId }),
      })),
    );
  }

  return (
    <div className="flex flex-col gap-4 p-4">
      <div>
        <label htmlFor={textId} className="mb-1 block font-medium">
          Paste your list
        </label>
        <textarea
          id={textId}
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={'2 x milk 2L\nbread\n3 bananas'}
          className="w-full rounded-xl border border-stone-300 bg-white p-3 text-base placeholder:text-stone-500"
        />
        <p className="mt-1 text-sm text-stone-600">
          One item a line. '2 x milk' or 'milk x 2' sets how many.
        </p>
      </div>
      <Button disabled={lines.length === 0} onClick={() => onLines(lines)}>
        Find matches{lines.length > 0 ? ` for ${lines.length} item${lines.length > 1 ? 's' : ''}` : ''}
      </Button>
      <p className="text-center text-sm text-stone-600">or</p>
      <div>
        <label htmlFor={fileId} className="mb-1 block font-medium">
          Load a Kete export (.json)
        </label>
        <input
          id={fileId}
          type="file"
          accept=".json,application/json"
          onChange={(event) => {
            const file = event.target.files?.[0];
            setError(null);
            if (file) void load(file);
          }}
          className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-xl file:border file:border-stone-300 file:bg-white file:px-4 file:font-semibold"
        />
      </div>
      {error && <Alert kind="danger">{error}</Alert>}
    </div>
  );
}

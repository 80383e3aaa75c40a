// The product drawer's price history (issue 12, item 3): a year of change points fetched once, shown
// over 3 months (default) or a year, the year's low in words for everyone (screen readers included),
// and a legend that doubles as the readout: each store's price at the moment pointed at, or today's.
import { formatMoney, type Store } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { isOfflineFailure, NOT_AVAILABLE_OFFLINE } from '../../components/ui/not-available-offline.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { productHistoryQuery } from './api/prices-api.js';
import { type ChartLine, darkTheme, lineLooks, themeVariable } from './chart-looks.js';
import { HISTORY_WINDOWS, historySeries, lowestInYear, lowSummary, readoutAt } from './history-series.js';
import { SegmentedControl } from './segmented-control.js';

// uPlot and the chart are their own chunk: nothing of them loads until a drawer shows a chart.
const PriceChart = lazy(() => import('./price-chart.js'));

const CHART_HEIGHT = 190;
type Window = keyof typeof HISTORY_WINDOWS;
const windowLabels: Record<Window, string> = { threeMonths: '3 months', year: '1 year' };
const windowSegments = (Object.keys(windowLabels) as Window[]).map((value) => ({
  value,
  label: windowLabels[value],
}));

export function PriceHistory({ productId }: { productId: number }) {
  const stores = useWorkspaceStore((s) => s.data?.stores.workspace ?? []);
  const [view, setView] = useState<Window>('threeMonths');
  const [pointed, setPointed] = useState<number | null>(null);
  // One call for the year: the 3-month view and the year's low both come out of it.
  const query = useQuery(productHistoryQuery(productId, HISTORY_WINDOWS.year));
  const now = query.dataUpdatedAt || Date.now();
  const points = query.data?.history;

  const series = useMemo(
    () => (points ? historySeries(points, stores, now, HISTORY_WINDOWS[view]) : null),
    [points, stores, now, view],
  );
  const low = useMemo(() => (points ? lowestInYear(points, stores, now) : null), [points, stores, now]);
  const at = series && pointed !== null ? readoutAt(series, pointed) : null;
  const readout = at
    ? { title: at.date, lines: at.lines }
    : { title: 'Today', lines: latest(series?.lines ?? []) };

  return (
    <section aria-labelledby="price-history-heading" data-price-history>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 id="price-history-heading" className="text-sm font-semibold text-stone-600 uppercase">
          Price history
        </h3>
        <SegmentedControl
          legend="Show prices over"
          segments={windowSegments}
          value={view}
          onChange={(next) => {
            setView(next);
            setPointed(null);
          }}
        />
      </div>
      {query.isPending && (
        <div
          aria-hidden="true"
          className="animate-pulse rounded-lg bg-stone-100"
          style={{ height: CHART_HEIGHT }}
        />
      )}
      {query.isError && (
        <p className="py-4 text-stone-600">
          {isOfflineFailure(query.error)
            ? NOT_AVAILABLE_OFFLINE
            : 'Price history is not available right now.'}
        </p>
      )}
      {series && series.lines.length === 0 && (
        <p className="py-4 text-stone-600">No price history at your stores yet.</p>
      )}
      {series && series.lines.length > 0 && (
        <>
          <p data-price-low className="mb-2 text-sm font-medium text-stone-800">
            {lowSummary(low)}
          </p>
          <Suspense
            fallback={
              <div aria-hidden="true" className="rounded-lg bg-stone-100" style={{ height: CHART_HEIGHT }} />
            }
          >
            <PriceChart
              series={series}
              low={low}
              onReadout={setPointed}
              label={`Price history over ${windowLabels[view]}, one line per store`}
              valueText={`${readout.title}: ${readout.lines
                .map(
                  ({ store, price }) => `${store.name} ${price === null ? 'not sold' : formatMoney(price)}`,
                )
                .join(', ')}`}
            />
          </Suspense>
          <Readout
            title={readout.title}
            lines={readout.lines}
            looks={lineLooks(series.lines, themeVariable, darkTheme())}
          />
        </>
      )}
    </section>
  );
}

const latest = (lines: { store: Store; values: (number | null)[] }[]) =>
  lines.map(({ store, values }) => ({ store, price: values.at(-1) ?? null }));

/** The legend and readout in one: a line sample, the store and its price at the moment shown. */
function Readout({
  title,
  lines,
  looks,
}: {
  title: string;
  lines: { store: Store; price: number | null }[];
  looks: ChartLine[];
}) {
  return (
    <div data-price-readout className="mt-2 text-sm">
      <p className="font-semibold text-stone-700">{title}</p>
      <ul className="mt-1 space-y-1">
        {lines.map(({ store, price }, i) => (
          <li key={store.id} className="flex items-center gap-2">
            <LineSample look={looks[i]} />
            <span className="min-w-0 flex-1 truncate text-stone-700">{store.name}</span>
            <span className="tabular font-semibold text-stone-900">
              {price === null ? 'Not sold' : formatMoney(price)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function LineSample({ look }: { look: ChartLine | undefined }) {
  if (!look) return null;
  const dash = look.dash.join(' ') || undefined;
  return (
    <svg aria-hidden="true" width="28" height="10" viewBox="0 0 28 10" className="shrink-0">
      {look.edged && (
        <line x1="1" y1="5" x2="27" y2="5" stroke="#1c1917" strokeWidth="4.5" strokeDasharray={dash} />
      )}
      <line x1="1" y1="5" x2="27" y2="5" stroke={look.colour} strokeWidth="2.5" strokeDasharray={dash} />
    </svg>
  );
}

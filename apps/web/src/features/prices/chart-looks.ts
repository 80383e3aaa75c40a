// How each store's line looks in the price chart and its legend: the chain's colour (from the
// theme, so a dark palette carries through), a dash for a second store of the same chain, and
// Pak'nSave's yellow edged in black. Shared by the lazy chart and the drawer's legend.
import { type Store, StoreType } from '@kete/shared';

/** The chains' colours from the theme (styles.css), with the same values as a fallback. */
const chainColour: Record<StoreType, [variable: string, fallback: string]> = {
  [StoreType.NewWorld]: ['--color-chain-nw', '#e11a2c'],
  [StoreType.PakNSave]: ['--color-chain-ps', '#ffd400'],
  [StoreType.Woolworths]: ['--color-chain-w', '#00a651'],
};
/** A second store of the same chain gets a dashed line, so colour is never the only difference. */
export const DASHES: number[][] = [[], [7, 4], [2, 3], [10, 3, 2, 3]];

export interface ChartLine {
  colour: string;
  dash: number[];
  /** Pak'nSave's yellow is edged in black, as its mark is, to stand out on a light background
   * (on the dark theme the yellow stands out by itself). */
  edged: boolean;
}

/** How each store's line looks, in the series' order. */
export function lineLooks(
  lines: readonly { store: Store }[],
  css: (name: string) => string,
  dark = false,
): ChartLine[] {
  const seen = new Map<StoreType, number>();
  return lines.map(({ store }) => {
    const nth = seen.get(store.type) ?? 0;
    seen.set(store.type, nth + 1);
    const [variable, fallback] = chainColour[store.type];
    return {
      colour: css(variable) || fallback,
      dash: DASHES[nth % DASHES.length] ?? [],
      edged: store.type === StoreType.PakNSave && !dark,
    };
  });
}

/** Reads a theme variable from the document (empty outside a browser). */
export const themeVariable = (name: string) =>
  typeof document === 'undefined'
    ? ''
    : getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** The dark theme is on (issue 14 puts .dark on <html>). */
export const darkTheme = () =>
  typeof document !== 'undefined' && document.documentElement.classList.contains('dark');

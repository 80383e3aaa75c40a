// The duplicate rate of a catalogue: products that are probably one pack held under two ids,
// because their chains gave no shared key (Foodstuffs sends no barcode; a barcode dropped as an
// in-store code). A heuristic to measure matching, not a rule that merges anything.

export interface CatalogueProduct {
  id: number;
  name: string;
  brand: string | null;
  size: string | null;
}

/** Brand, name words and size, lower case, sorted: "Anchor Blue Top Milk 2L" = "anchor blue top milk" + "2l". */
export function sameProductKey(p: CatalogueProduct): string {
  const words = `${p.brand ?? ''} ${p.name} ${p.size ?? ''}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/(\d)\s+(ml|l|g|kg|pk|ea)\b/g, '$1$2')
    .split(/[^a-z0-9.]+/)
    .filter(Boolean);
  return [...new Set(words)].sort().join(' ');
}

export function duplicateReport(
  products: CatalogueProduct[],
  sources: { productId: number; chain: number }[],
) {
  const chains = new Map<number, Set<number>>();
  for (const s of sources) chains.set(s.productId, (chains.get(s.productId) ?? new Set()).add(s.chain));
  const byKey = new Map<string, CatalogueProduct[]>();
  for (const p of products) {
    const key = sameProductKey(p);
    byKey.set(key, [...(byKey.get(key) ?? []), p]);
  }
  const groups = [...byKey.values()].filter((g) => g.length > 1);
  const duplicates = groups.reduce((n, g) => n + g.length - 1, 0);
  const multiChain = [...chains.values()].filter((c) => c.size > 1).length;
  return {
    products: products.length,
    multiChain,
    multiChainRate: products.length ? multiChain / products.length : 0,
    duplicates,
    duplicateRate: products.length ? duplicates / products.length : 0,
    examples: groups
      .slice(0, 5)
      .map((g) => g.map((p) => `#${p.id} ${p.name} ${p.size ?? ''}`.trim()).join(' = ')),
  };
}

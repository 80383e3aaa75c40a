// Searching the catalogue for each imported line, two at a time so a long list does not flood the
// server. A line that finds nothing is tried again without its sizes ('milk 2L' -> 'milk'): the
// search matches words in names and brands, and pack sizes are seldom written the same way.
import type { Product } from '@kete/shared';
import { useEffect, useState } from 'react';
import { searchProducts } from '../products/api/products-api.js';

export interface ImportCandidate {
  /** What to search for. */
  text: string;
  quantity: number;
  /** From a Kete export: the product it named, chosen first when the search finds it. */
  productId?: number;
}

const CONCURRENCY = 2;
const SIZE = /\b\d+(?:[.,]\d+)?\s*(?:ml|l|ltr|litres?|g|kg|pk|pack|x)?\b/gi;
export const MATCH_LIMIT = 4;

async function findMatches(text: string): Promise<Product[]> {
  const found = await searchProducts(text);
  if (found.length > 0) return found.slice(0, MATCH_LIMIT);
  const plain = text.replace(SIZE, ' ').replace(/\s+/g, ' ').trim();
  if (plain === '' || plain === text) return [];
  return (await searchProducts(plain)).slice(0, MATCH_LIMIT);
}

/** Each candidate's matches by index: undefined while searching, [] when nothing was found. */
export function useImportMatches(candidates: ImportCandidate[]): (Product[] | undefined)[] {
  const [matches, setMatches] = useState<(Product[] | undefined)[]>([]);
  useEffect(() => {
    let live = true;
    setMatches(candidates.map(() => undefined));
    let next = 0;
    async function worker() {
      while (live && next < candidates.length) {
        const index = next++;
        const candidate = candidates[index];
        if (!candidate) continue;
        const found = await findMatches(candidate.text).catch(() => []);
        if (!live) return;
        setMatches((current) => current.map((value, i) => (i === index ? found : value)));
      }
    }
    for (let i = 0; i < CONCURRENCY; i++) void worker();
    return () => {
      live = false;
    };
  }, [candidates]);
  return matches;
}

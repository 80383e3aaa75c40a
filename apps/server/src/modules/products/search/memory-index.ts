// The search index in memory: the stored search documents (search-text.ts, written by the ingest)
// ranked exactly as the SQLite FTS5 query did, `bm25(product_search, 10.0, 4.0)` then the shorter
// name then the lower id, with every term matched as a prefix. FTS5 spent 0.5-3 ms of a new
// search's time ranking prefix matches at NZ scale (decision 0011); 30,000 products' documents fit
// in a few MB, and matching them here takes microseconds, on PostgreSQL as on SQLite.
//
// bm25 as FTS5 computes it (fts5_aux.c): for each query term i, IDF(i) = ln((N - n(i) + 0.5) /
// (n(i) + 0.5)) (at least 1e-6), with N the documents and n(i) those holding a token that starts
// with the term; f(i, D) = 10 x the term's tokens in the title + 4 x those in the extra text;
// score = -sum IDF(i) x f(i,D) x (k1 + 1) / (f(i,D) + k1 x (1 - b + b x |D| / avgdl)), |D| the
// document's tokens, avgdl their mean. Lower is better. A test holds this to FTS5 itself.

const K1 = 1.2;
const B = 0.75;
const TITLE_WEIGHT = 10;
const EXTRA_WEIGHT = 4;

export interface SearchDocument {
  id: number;
  /** The product's own words (search-text.ts), space-separated tokens. */
  title: string;
  /** Brand and category tokens. */
  extra: string;
}

export interface DocumentFacts {
  /** length(name) in the ranking's tie-break. */
  nameLength: number;
  /** Withdrawn products count for the statistics but are never answered. */
  withdrawn: boolean;
}

export interface MatchOptions {
  /** Any term instead of every term. */
  any: boolean;
  limit: number;
  exclude?: readonly number[];
}

const splitTokens = (text: string) => text.split(' ').filter(Boolean);

export class MemorySearchIndex {
  /** Every distinct token, sorted, so the tokens sharing a prefix are one run of it. */
  private readonly vocabulary: string[];
  /** Per token: the documents (positions in `ids`) that hold it, and the weighted count in each. */
  private readonly postings: Int32Array[];
  private readonly weights: Float64Array[];
  private readonly ids: Int32Array;
  private readonly lengths: Int32Array;
  private readonly nameLengths: Int32Array;
  private readonly withdrawn: Uint8Array;
  private readonly averageLength: number;
  /** Per-query scratch, kept between queries (allocating it per query made garbage of up to
   * 270 KB a search, and its buffers outside the heap hastened full collections): one weighted
   * frequency per document and term, which documents were seen, and those documents in order. */
  private scratch: Float64Array[] = [];
  private readonly seen: Uint8Array;
  private readonly touched: Int32Array;

  constructor(documents: readonly SearchDocument[], facts: (id: number) => DocumentFacts | undefined) {
    const n = documents.length;
    this.ids = new Int32Array(n);
    this.lengths = new Int32Array(n);
    this.nameLengths = new Int32Array(n);
    this.withdrawn = new Uint8Array(n);
    this.seen = new Uint8Array(n);
    this.touched = new Int32Array(n);
    const byToken = new Map<string, { docs: number[]; weights: number[] }>();
    let totalTokens = 0;
    documents.forEach((document, doc) => {
      this.ids[doc] = document.id;
      const known = facts(document.id);
      // A document without its product (never the case after an ingest) ranks last and is never
      // answered: it still counts in the statistics, as it does for FTS5.
      this.nameLengths[doc] = known?.nameLength ?? 0;
      this.withdrawn[doc] = known && !known.withdrawn ? 0 : 1;
      const counts = new Map<string, number>();
      let length = 0;
      for (const [text, weight] of [
        [document.title, TITLE_WEIGHT],
        [document.extra, EXTRA_WEIGHT],
      ] as const) {
        for (const token of splitTokens(text)) {
          counts.set(token, (counts.get(token) ?? 0) + weight);
          length += 1;
        }
      }
      this.lengths[doc] = length;
      totalTokens += length;
      for (const [token, weight] of counts) {
        let posting = byToken.get(token);
        if (!posting) {
          posting = { docs: [], weights: [] };
          byToken.set(token, posting);
        }
        posting.docs.push(doc);
        posting.weights.push(weight);
      }
    });
    this.vocabulary = [...byToken.keys()].sort();
    this.postings = this.vocabulary.map((token) => Int32Array.from(byToken.get(token)?.docs ?? []));
    this.weights = this.vocabulary.map((token) => Float64Array.from(byToken.get(token)?.weights ?? []));
    this.averageLength = n > 0 ? totalTokens / n : 0;
  }

  get size(): number {
    return this.ids.length;
  }

  /** Product ids matching every term (or any, with `any`) as a prefix, best first. */
  match(terms: readonly string[], options: MatchOptions): number[] {
    const n = this.ids.length;
    if (terms.length === 0 || n === 0 || options.limit <= 0) return [];
    const frequencies = terms.map((_, i) => this.scratchFor(i));
    const idf: number[] = [];
    // Documents holding at least one term, in the order first seen: touched[0 .. count).
    const { seen, touched } = this;
    let count = 0;
    terms.forEach((term, i) => {
      const frequency = frequencies[i] as Float64Array;
      let hits = 0;
      for (let t = this.firstWithPrefix(term); t < this.vocabulary.length; t++) {
        if (!(this.vocabulary[t] as string).startsWith(term)) break;
        const docs = this.postings[t] as Int32Array;
        const weights = this.weights[t] as Float64Array;
        for (let p = 0; p < docs.length; p++) {
          const doc = docs[p] as number;
          if (frequency[doc] === 0) hits += 1;
          frequency[doc] = (frequency[doc] as number) + (weights[p] as number);
          if (seen[doc] === 0) {
            seen[doc] = 1;
            touched[count++] = doc;
          }
        }
      }
      const value = Math.log((n - hits + 0.5) / (hits + 0.5));
      idf.push(value <= 0 ? 1e-6 : value);
    });

    const excluded = new Set(options.exclude ?? []);
    // The best `limit` so far, best first: a prefix of one letter matches thousands of products,
    // and sorting them all cost more than the matching.
    const best: { doc: number; score: number }[] = [];
    for (let t = 0; t < count; t++) {
      const doc = touched[t] as number;
      if (this.withdrawn[doc] === 1 || excluded.has(this.ids[doc] as number)) continue;
      let matches = 0;
      let score = 0;
      const norm = K1 * (1 - B + (B * (this.lengths[doc] as number)) / this.averageLength);
      for (let i = 0; i < terms.length; i++) {
        const f = (frequencies[i] as Float64Array)[doc] as number;
        if (f > 0) matches += 1;
        score += (idf[i] as number) * ((f * (K1 + 1)) / (f + norm));
      }
      if (options.any ? matches > 0 : matches === terms.length)
        this.keepBest(best, { doc, score: -1 * score }, options.limit);
    }
    // Clean the scratch for the next query: only the touched documents were written.
    for (let t = 0; t < count; t++) {
      const doc = touched[t] as number;
      seen[doc] = 0;
      for (const frequency of frequencies) frequency[doc] = 0;
    }
    return best.map((found) => this.ids[found.doc] as number);
  }

  /** bm25 (lower is better), then the shorter name, then the lower id: FTS5's order by. */
  private before(a: { doc: number; score: number }, b: { doc: number; score: number }): boolean {
    if (a.score !== b.score) return a.score < b.score;
    const byName = (this.nameLengths[a.doc] as number) - (this.nameLengths[b.doc] as number);
    return byName !== 0 ? byName < 0 : (this.ids[a.doc] as number) < (this.ids[b.doc] as number);
  }

  /** Inserts `found` into `best` (sorted, at most `limit` long) if it ranks among them. */
  private keepBest(
    best: { doc: number; score: number }[],
    found: { doc: number; score: number },
    limit: number,
  ) {
    if (best.length === limit && !this.before(found, best[limit - 1] as { doc: number; score: number }))
      return;
    let at = best.length;
    while (at > 0 && this.before(found, best[at - 1] as { doc: number; score: number })) at -= 1;
    best.splice(at, 0, found);
    if (best.length > limit) best.pop();
  }

  private scratchFor(term: number): Float64Array {
    let scratch = this.scratch[term];
    if (!scratch) {
      scratch = new Float64Array(this.ids.length);
      this.scratch[term] = scratch;
    }
    return scratch;
  }

  /** The first token of the sorted vocabulary that is not below `prefix` (binary search). */
  private firstWithPrefix(prefix: string): number {
    let low = 0;
    let high = this.vocabulary.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.vocabulary[mid] as string) < prefix) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

// The search index's postings by prefix (memory-index.ts): which documents hold a token starting
// with a term, and how often (weighted: title 10, extra text 4). The tokens are kept sorted, so
// the tokens sharing a prefix are one run of them; a run of several is merged into one list, and
// kept when it is long (a one-letter prefix such as the "s" of "fleming's" spans thousands).

import { prefixWithinOneEdit } from '@kete/shared';

/** Each document (a position in the index) once, with its weighted count of the matching tokens. */
export interface Postings {
  docs: Int32Array;
  weights: Float64Array;
}

const NO_POSTINGS: Postings = { docs: new Int32Array(0), weights: new Float64Array(0) };

/** Merged lists are kept (a brand's or a word's prefix, such as "pam" or "pack", is asked often), */
const KEEP_MERGED_FROM_TOKENS = 2;
/** up to this many entries in all (12 bytes each); then all are dropped and kept afresh. */
const MAX_MERGED_ENTRIES = 500_000;
/** Typo corrections kept (a scan of the vocabulary each); then all are dropped and kept afresh. */
const MAX_CORRECTIONS = 10_000;

export class PrefixPostings {
  /** Every distinct token, sorted. */
  private readonly vocabulary: string[];
  /** Per token: the documents that hold it, in ascending order, and the weighted count in each. */
  private readonly postings: Int32Array[];
  private readonly weights: Float64Array[];
  /** Merged postings of prefixes that span many tokens, by prefix. */
  private readonly merged = new Map<string, Postings>();
  private mergedEntries = 0;
  private readonly corrections = new Map<string, string | null>();
  /** Merging's scratch, kept between merges: a weighted count per document, and the documents. */
  private readonly sums: Float64Array;
  private readonly docs: Int32Array;

  constructor(byToken: Map<string, { docs: number[]; weights: number[] }>, documentCount: number) {
    this.vocabulary = [...byToken.keys()].sort();
    this.postings = this.vocabulary.map((token) => Int32Array.from(byToken.get(token)?.docs ?? []));
    this.weights = this.vocabulary.map((token) => Float64Array.from(byToken.get(token)?.weights ?? []));
    this.sums = new Float64Array(documentCount);
    this.docs = new Int32Array(documentCount);
  }

  /** Each document holding a token that starts with `term`, once, with those tokens' weights. */
  of(term: string): Postings {
    const first = this.firstWithPrefix(term);
    // Tokens are [a-z0-9]: every token starting with `term` sorts below `term` + "{".
    const end = this.firstWithPrefix(`${term}{`);
    if (end - first === 1)
      return { docs: this.postings[first] as Int32Array, weights: this.weights[first] as Float64Array };
    if (end === first) return NO_POSTINGS;
    const kept = this.merged.get(term);
    if (kept) return kept;
    const merged = this.merge(first, end);
    if (end - first >= KEEP_MERGED_FROM_TOKENS) {
      if (this.mergedEntries + merged.docs.length > MAX_MERGED_ENTRIES) {
        this.merged.clear();
        this.mergedEntries = 0;
      }
      this.merged.set(term, merged);
      this.mergedEntries += merged.docs.length;
    }
    return merged;
  }

  /** Whether any token starts with `term`. */
  has(term: string): boolean {
    return this.firstWithPrefix(`${term}{`) > this.firstWithPrefix(term);
  }

  /**
   * The prefix one edit from `term` (a letter changed, dropped, added or two swapped) that the
   * most documents hold, or null: "chiken" -> "chicken", "yoghrt" -> "yoghurt". One pass over
   * the vocabulary (~1 ms at 30,000 products), so each answer is kept.
   */
  closest(term: string): string | null {
    const kept = this.corrections.get(term);
    if (kept !== undefined) return kept;
    const prefixes = new Set<string>();
    for (const token of this.vocabulary) {
      const length = prefixWithinOneEdit(term, token);
      if (length > 0) prefixes.add(token.slice(0, length));
    }
    let best: string | null = null;
    let bestDocs = 0;
    for (const prefix of [...prefixes].sort()) {
      const docs = this.of(prefix).docs.length;
      if (docs > bestDocs) [best, bestDocs] = [prefix, docs];
    }
    if (this.corrections.size >= MAX_CORRECTIONS) this.corrections.clear();
    this.corrections.set(term, best);
    return best;
  }

  /** The postings of tokens [first, end) as one list: each document once, its weights summed. */
  private merge(first: number, end: number): Postings {
    const { sums } = this;
    let count = 0;
    for (let t = first; t < end; t++) {
      const docs = this.postings[t] as Int32Array;
      const weights = this.weights[t] as Float64Array;
      for (let p = 0; p < docs.length; p++) {
        const doc = docs[p] as number;
        if (sums[doc] === 0) this.docs[count++] = doc;
        sums[doc] = (sums[doc] as number) + (weights[p] as number);
      }
    }
    const docs = this.docs.slice(0, count);
    const weights = new Float64Array(count);
    for (let p = 0; p < count; p++) {
      const doc = docs[p] as number;
      weights[p] = sums[doc] as number;
      sums[doc] = 0;
    }
    return { docs, weights };
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

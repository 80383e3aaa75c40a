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
//
// Before ranking, each document's words are stemmed (search-text.ts: "thighs" is "thigh") and each
// counts once in its field, so "Cookies & Cream Ice Cream" is not twice the cream that "Fresh
// Cream" is; a query word of 5 letters or more that no product holds is read as the closest word
// one slip away ("chiken" as "chicken"). FTS5 given the same stemmed words ranks the same (the test).
// Search then puts first the products whose name holds the words as typed: "apples" shares its
// stem with "Apple Juice", but "Royal Gala Apples" is what was asked for.

import { type Postings, PrefixPostings } from './prefix-postings.js';
import { stemToken } from './search-text.js';

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
  /** Per term, the word as typed: products whose name holds it rank first (search). */
  typed?: readonly string[];
}

/** A query word this long or longer that matches nothing may be a typo (issue 49: "chiken"). */
const TYPO_FROM_LETTERS = 5;
/** A typed word this long holds its meaning (a shorter one is a word being typed). */
const EXACT_FROM_LETTERS = 3;
/** Each typed word the name holds as typed outranks any bm25 difference (scores stay below 200). */
const EXACT_WORD_BONUS = 1000;

/** A stored field's words as ranked: stemmed, each once (`stems` caches the stemmer's work). */
export function indexedWords(text: string, stems: Map<string, string> = new Map()): string[] {
  const words = new Set<string>();
  for (const token of text.split(' ')) {
    if (!token) continue;
    let stem = stems.get(token);
    if (stem === undefined) {
      stem = stemToken(token);
      stems.set(token, stem);
    }
    words.add(stem);
  }
  return [...words];
}

const lengthOf = (list: Postings | undefined) => list?.docs.length ?? 0;

/** One query's ranking under way. */
interface Ranking {
  /** The best `limit` so far, best first. */
  best: { doc: number; score: number }[];
  limit: number;
  idf: number[];
  frequencies: Float64Array[];
}

/** Documents to rank, and the most any of them can gain from being in this list (MaxScore). */
interface RankedPart {
  docs: ArrayLike<number>;
  ceiling: number;
}

export class MemorySearchIndex {
  /** Which documents (positions in `ids`) hold a token starting with a term, and how often. */
  private readonly prefixes: PrefixPostings;
  /** Per word of the products' names as written (not stemmed): the documents holding it. */
  private readonly nameWords = new Map<string, Int32Array>();
  /** How many typed words each document's name holds (scratch, cleaned after each query). */
  private readonly exactCounts: Uint8Array;
  private readonly ids: Int32Array;
  /** Each product id's position in `ids`. */
  private readonly docOf = new Map<number, number>();
  /** bm25's length normalisation of each document: k1 x (1 - b + b x |D| / avgdl). */
  private readonly norms: Float64Array;
  private readonly nameLengths: Int32Array;
  private readonly withdrawn: Uint8Array;
  /** Per-query scratch, kept between queries (allocating it per query made garbage of up to
   * 270 KB a search, and its buffers outside the heap hastened full collections): one weighted
   * frequency per document and term, which documents were seen, and those documents in order. */
  private scratch: Float64Array[] = [];
  private readonly seen: Uint8Array;
  /** Documents the query leaves out (scratch: the products already answered, search()). */
  private readonly excluded: Uint8Array;
  private readonly touched: Int32Array;
  /** The documents of one term's list being ranked (rankAny). */
  private readonly batch: Int32Array;

  constructor(documents: readonly SearchDocument[], facts: (id: number) => DocumentFacts | undefined) {
    const n = documents.length;
    this.ids = new Int32Array(n);
    const lengths = new Int32Array(n);
    this.norms = new Float64Array(n);
    this.excluded = new Uint8Array(n);
    this.nameLengths = new Int32Array(n);
    this.withdrawn = new Uint8Array(n);
    this.seen = new Uint8Array(n);
    this.touched = new Int32Array(n);
    this.batch = new Int32Array(n);
    this.exactCounts = new Uint8Array(n);
    const byName = new Map<string, number[]>();
    const byToken = new Map<string, { docs: number[]; weights: number[] }>();
    const stems = new Map<string, string>();
    let totalTokens = 0;
    documents.forEach((document, doc) => {
      this.ids[doc] = document.id;
      this.docOf.set(document.id, doc);
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
        for (const token of indexedWords(text, stems)) {
          counts.set(token, (counts.get(token) ?? 0) + weight);
          length += 1;
        }
      }
      lengths[doc] = length;
      for (const word of new Set(document.title.split(' ')))
        if (word.length >= EXACT_FROM_LETTERS) {
          const docs = byName.get(word);
          if (docs) docs.push(doc);
          else byName.set(word, [doc]);
        }
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
    this.prefixes = new PrefixPostings(byToken, n);
    for (const [word, docs] of byName) this.nameWords.set(word, Int32Array.from(docs));
    const averageLength = n > 0 ? totalTokens / n : 0;
    for (let doc = 0; doc < n; doc++)
      this.norms[doc] = K1 * (1 - B + (B * (lengths[doc] as number)) / averageLength);
  }

  get size(): number {
    return this.ids.length;
  }

  /**
   * What search answers: the products matching every term, best first, and when that leaves room
   * (and there are several terms) those matching only some of them after. Terms are stemmed
   * (queryTerms); one that matches nothing is taken as the closest word one edit away.
   */
  search(typed: readonly string[], limit: number): number[] {
    const terms = typed.map((word) => {
      const stem = stemToken(word);
      return stem.length >= TYPO_FROM_LETTERS && !this.prefixes.has(stem)
        ? (this.prefixes.closest(stem) ?? stem)
        : stem;
    });
    // Both passes rank the names holding typed words first: counted once for both.
    const typedLists = this.typedWordLists(typed);
    this.countTypedWords(typedLists, 1);
    const all = this.matchDocs(terms, { any: false, limit }, [], typedLists);
    const found =
      all.length === limit || terms.length < 2
        ? all
        : [...all, ...this.matchDocs(terms, { any: true, limit: limit - all.length }, all, typedLists)];
    this.countTypedWords(typedLists, 0);
    return found.map((doc) => this.ids[doc] as number);
  }

  /** Per typed word long enough to count (EXACT_FROM_LETTERS), the documents whose names hold it. */
  private typedWordLists(typed: readonly string[] | undefined): Int32Array[] {
    const lists: Int32Array[] = [];
    for (const word of typed ?? []) {
      const list = word.length >= EXACT_FROM_LETTERS ? this.nameWords.get(word) : undefined;
      if (list) lists.push(list);
    }
    return lists;
  }

  /** Counts in exactCounts how many typed words each name holds (by 1), or clears them (by 0). */
  private countTypedWords(lists: readonly Int32Array[], by: 0 | 1): void {
    const { exactCounts } = this;
    for (const list of lists)
      for (let p = 0; p < list.length; p++) {
        const doc = list[p] as number;
        exactCounts[doc] = by === 0 ? 0 : (exactCounts[doc] as number) + 1;
      }
  }

  /** Product ids matching every term (or any, with `any`) as a prefix, best first. */
  match(terms: readonly string[], options: MatchOptions): number[] {
    const excluded: number[] = [];
    for (const id of options.exclude ?? []) {
      const doc = this.docOf.get(id);
      if (doc !== undefined) excluded.push(doc);
    }
    const typedLists = this.typedWordLists(options.typed);
    this.countTypedWords(typedLists, 1);
    const found = this.matchDocs(terms, options, excluded, typedLists);
    this.countTypedWords(typedLists, 0);
    return found.map((doc) => this.ids[doc] as number);
  }

  /**
   * As match, in documents (positions in `ids`), leaving out the documents `excluded`; the typed
   * words' lists counted in exactCounts by the caller.
   */
  private matchDocs(
    terms: readonly string[],
    options: MatchOptions,
    excluded: readonly number[],
    exactLists: readonly Int32Array[],
  ): number[] {
    const n = this.ids.length;
    if (terms.length === 0 || n === 0 || options.limit <= 0) return [];
    const lists = terms.map((term) => this.prefixes.of(term));
    // n(i): the documents holding a token that starts with term i (withdrawn ones included).
    const idf = lists.map((list) => {
      const hits = list.docs.length;
      const value = Math.log((n - hits + 0.5) / (hits + 0.5));
      return value <= 0 ? 1e-6 : value;
    });
    const frequencies = terms.map((_, i) => this.scratchFor(i));
    for (const doc of excluded) this.excluded[doc] = 1;
    const { count, written } = options.any
      ? this.gatherAny(lists, frequencies)
      : this.gatherAll(lists, frequencies);

    const ranking: Ranking = { best: [], limit: options.limit, idf, frequencies };
    // Gathered documents are marked `options.any ? 1 : terms.length` (gatherAny, gatherAll).
    const gathered = options.any ? 1 : lists.length;
    // Every term: the typed words' documents are among the few holding every term.
    const typedSources = options.any ? exactLists : [this.touched.subarray(0, count)];
    if (exactLists.length > 0) this.rankTypedFirst(ranking, typedSources, exactLists.length, gathered);
    if (ranking.best.length < ranking.limit) {
      const ceilings = idf.map((value) => value * (K1 + 1));
      const parts: RankedPart[] = options.any
        ? lists.map((list, i) => ({ docs: list.docs, ceiling: ceilings[i] as number }))
        : [{ docs: this.touched.subarray(0, count), ceiling: ceilings.reduce((sum, c) => sum + c, 0) }];
      this.rankParts(ranking, parts, gathered);
    }
    this.cleanScratch(options.any ? lists : undefined, frequencies, written);
    for (const doc of excluded) this.excluded[doc] = 0;
    return ranking.best.map((found) => found.doc);
  }

  /** Scores docs[0 .. count) and keeps the best (withdrawn and excluded products left out). */
  private rankEach(ranking: Ranking, docs: ArrayLike<number>, count: number): void {
    const { best, limit, idf, frequencies } = ranking;
    for (let t = 0; t < count; t++) {
      const doc = docs[t] as number;
      if (this.withdrawn[doc] === 1 || this.excluded[doc] === 1) continue;
      let score = 0;
      const norm = this.norms[doc] as number;
      for (let i = 0; i < idf.length; i++) {
        const f = (frequencies[i] as Float64Array)[doc] as number;
        score += (idf[i] as number) * ((f * (K1 + 1)) / (f + norm));
      }
      score += EXACT_WORD_BONUS * (this.exactCounts[doc] as number);
      // Most documents rank below the kept ones: skip them before building an entry.
      const worst = best.length === limit ? best[limit - 1] : undefined;
      if (worst && -1 * score > worst.score) continue;
      this.keepBest(best, { doc, score: -1 * score }, limit);
    }
  }

  /**
   * The documents whose names hold typed words, most words first. Each such word adds more than
   * any bm25 difference, so once the kept ones are full, no document holding fewer words can
   * rank: "pams vanilla pack" ranks the names holding two or three of its words, not the
   * thousands of Pams products and packs that hold one. The gathered ones in `sources` are sorted
   * by their count of words into `batch` (two passes), then ranked group by group.
   */
  private rankTypedFirst(
    ranking: Ranking,
    sources: readonly Int32Array[],
    mostWords: number,
    gathered: number,
  ): void {
    const { seen, batch, exactCounts } = this;
    const sizes = new Int32Array(mostWords + 1);
    for (const list of sources)
      for (let p = 0; p < list.length; p++) {
        const doc = list[p] as number;
        const words = exactCounts[doc] as number;
        if (words === 0 || seen[doc] !== gathered) continue;
        seen[doc] = gathered + 1;
        sizes[words] = (sizes[words] as number) + 1;
      }
    const starts = new Int32Array(mostWords + 1);
    let at = 0;
    for (let words = mostWords; words >= 1; words--) {
      starts[words] = at;
      at += sizes[words] as number;
    }
    const next = starts.slice();
    for (const list of sources)
      for (let p = 0; p < list.length; p++) {
        const doc = list[p] as number;
        if (seen[doc] !== gathered + 1) continue;
        // Ranked now (every mark but `gathered` is skipped by rankParts).
        seen[doc] = gathered + 2;
        const words = exactCounts[doc] as number;
        batch[next[words] as number] = doc;
        next[words] = (next[words] as number) + 1;
      }
    for (let words = mostWords; words >= 1; words--) {
      if (ranking.best.length === ranking.limit) return;
      const start = starts[words] as number;
      this.rankEach(ranking, batch.subarray(start, start + (sizes[words] as number)), sizes[words] as number);
    }
  }

  /** Zeroes what a query wrote: its frequencies (per list when any term counted) and marks. */
  private cleanScratch(
    lists: readonly Postings[] | undefined,
    frequencies: Float64Array[],
    written: Int32Array,
  ) {
    if (lists)
      lists.forEach((list, i) => {
        const frequency = frequencies[i] as Float64Array;
        for (let p = 0; p < list.docs.length; p++) frequency[list.docs[p] as number] = 0;
      });
    for (let w = 0; w < written.length; w++) {
      const doc = written[w] as number;
      this.seen[doc] = 0;
      if (!lists) for (let i = 0; i < frequencies.length; i++) (frequencies[i] as Float64Array)[doc] = 0;
    }
  }

  /**
   * The other gathered documents (marked `gathered` in `seen`), part by part: the strongest
   * term's list first, then the next's, each document once. A term adds less than idf x (k1 + 1)
   * to any score, so once the kept ones all beat what the parts left could add up to, the
   * documents only in those parts cannot rank and are not scored ("MaxScore"): a one-letter term
   * such as the "s" of "fleming's" holds most of the catalogue and adds next to nothing.
   */
  private rankParts(ranking: Ranking, parts: RankedPart[], gathered: number): void {
    const { best, limit } = ranking;
    parts.sort((a, b) => b.ceiling - a.ceiling);
    let left = parts.reduce((sum, part) => sum + part.ceiling, 0);
    const { seen, batch } = this;
    for (const part of parts) {
      const worst = best.length === limit ? best[limit - 1] : undefined;
      // A margin for rounding: a document is skipped only when it is clearly below.
      if (worst && left * (1 + 1e-9) < -1 * worst.score) return;
      left -= part.ceiling;
      const { docs } = part;
      let count = 0;
      for (let p = 0; p < docs.length; p++) {
        const doc = docs[p] as number;
        // `gathered`: not ranked yet; one more: ranked.
        if (seen[doc] !== gathered) continue;
        seen[doc] = gathered + 1;
        batch[count++] = doc;
      }
      this.rankEach(ranking, batch, count);
    }
  }

  /** Documents holding any term, listed in touched[0 .. count), each term's frequency written. */
  private gatherAny(lists: Postings[], frequencies: Float64Array[]) {
    const { seen, touched } = this;
    let count = 0;
    lists.forEach((list, i) => {
      const frequency = frequencies[i] as Float64Array;
      for (let p = 0; p < list.docs.length; p++) {
        const doc = list.docs[p] as number;
        frequency[doc] = list.weights[p] as number;
        if (seen[doc] === 0) {
          seen[doc] = 1;
          touched[count++] = doc;
        }
      }
    });
    return { count, written: touched.subarray(0, count) };
  }

  /**
   * Documents holding every term, listed in touched[0 .. count). The shortest list gives the
   * candidates (seen = 1), and each further list counts only for documents that held every list
   * before it (seen = rounds so far), so the work is one pass over each list, and everything
   * written is within the shortest list.
   */
  private gatherAll(lists: Postings[], frequencies: Float64Array[]) {
    const { seen, touched } = this;
    const order = lists.map((_, i) => i).sort((a, b) => lengthOf(lists[a]) - lengthOf(lists[b]));
    for (let round = 0; round < order.length; round++) {
      const i = order[round] as number;
      const list = lists[i] as Postings;
      const frequency = frequencies[i] as Float64Array;
      for (let p = 0; p < list.docs.length; p++) {
        const doc = list.docs[p] as number;
        if (seen[doc] !== round) continue;
        seen[doc] = round + 1;
        frequency[doc] = list.weights[p] as number;
      }
    }
    const shortest = lists[order[0] as number] as Postings;
    let count = 0;
    for (let p = 0; p < shortest.docs.length; p++) {
      const doc = shortest.docs[p] as number;
      if (seen[doc] === lists.length) touched[count++] = doc;
    }
    return { count, written: shortest.docs };
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
}

// The in-memory index must rank exactly as the FTS5 query it replaced (bm25 over prefix matches):
// both are run here over the same documents (the demo catalogue's products as the ingest indexes
// them, stemmed and each word once, as the index ranks them) and the same shopper texts the bench
// sends (brands, product words, sizes, typos, half-typed words), stemmed. What search adds on top
// (typed words first, typos) is tested below and in products.routes.test.ts.
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { searchTexts } from '../../../bench/search-vocabulary.js';
import { demoProducts } from '../../catalogue/demo/demo-products.js';
import { fromTsvectorText } from '../catalogue-snapshot.js';
import { indexedWords, MemorySearchIndex, type SearchDocument } from './memory-index.js';
import { queryTerms, searchDocument, stemToken } from './search-text.js';

const products = demoProducts(2500).map((p, i) => ({
  id: i + 1,
  name: p.name,
  ...searchDocument({ name: p.name, brand: p.brand, displayUnits: p.size, category: p.category }),
}));
/** Every 40th product withdrawn: counted by bm25's statistics, never answered. */
const withdrawn = new Set(products.filter((p) => p.id % 40 === 0).map((p) => p.id));

/** The query the server ran before, on a real FTS5 table. */
function fts5Reference() {
  const sqlite = new SqliteDatabase(':memory:');
  sqlite.exec(`create table products (id integer primary key, name text, withdrawn_at integer);
    create virtual table product_search using fts5(title, extra, tokenize = 'unicode61', prefix = '1 2 3');`);
  const product = sqlite.prepare('insert into products values (?, ?, ?)');
  const doc = sqlite.prepare('insert into product_search (rowid, title, extra) values (?, ?, ?)');
  for (const p of products) {
    product.run(p.id, p.name, withdrawn.has(p.id) ? 1 : null);
    doc.run(p.id, indexedWords(p.title).join(' '), indexedWords(p.extra).join(' '));
  }
  return (terms: string[], any: boolean, limit: number, exclude: number[]) => {
    const match = terms.map((t) => `"${t}"*`).join(any ? ' OR ' : ' AND ');
    const rows = sqlite
      .prepare(
        `select s.rowid as id from product_search s join products p on p.id = s.rowid
         where product_search match ? and p.withdrawn_at is null
           and s.rowid not in (select value from json_each(?))
         order by bm25(product_search, 10.0, 4.0), length(p.name), s.rowid limit ?`,
      )
      .all(match, JSON.stringify(exclude), limit) as { id: number }[];
    return rows.map((r) => r.id);
  };
}

const memoryIndex = (documents: SearchDocument[]) =>
  new MemorySearchIndex(documents, (id) => {
    const p = products.find((candidate) => candidate.id === id);
    return p && { nameLength: p.name.length, withdrawn: withdrawn.has(id) };
  });

describe('the in-memory search index', () => {
  const reference = fts5Reference();
  const index = memoryIndex(products);

  it('answers the same products in the same order as FTS5 for 400 shopper texts', () => {
    const next = searchTexts(7);
    let compared = 0;
    let nonEmpty = 0;
    for (let i = 0; i < 400; i++) {
      const terms = queryTerms(next()).map(stemToken);
      if (terms.length === 0) continue;
      const all = reference(terms, false, 50, []);
      expect(index.match(terms, { any: false, limit: 50 }), terms.join(' ')).toEqual(all);
      // The products matching only some terms, after those matching all (search.service.ts).
      const some = reference(terms, true, 50 - all.length, all);
      expect(
        index.match(terms, { any: true, limit: 50 - all.length, exclude: all }),
        terms.join(' '),
      ).toEqual(some);
      compared += 1;
      if (all.length > 0) nonEmpty += 1;
    }
    // The comparison means something only if most texts find products.
    expect(compared).toBeGreaterThan(350);
    expect(nonEmpty).toBeGreaterThan(120);
  });

  it('skips only documents that cannot rank: the best 50 are the first 50 of every match ranked', () => {
    // With no limit to fill, nothing is ever skipped (MaxScore needs 50 kept to compare with).
    const next = searchTexts(11);
    let pruned = 0;
    for (let i = 0; i < 400; i++) {
      const typed = queryTerms(next());
      const terms = typed.map(stemToken);
      if (terms.length === 0) continue;
      for (const any of [false, true]) {
        const exclude = any ? index.match(terms, { any: false, limit: 50, typed }) : [];
        const everything = index.match(terms, { any, limit: 100_000, typed, exclude });
        expect(index.match(terms, { any, limit: 50, typed, exclude }), typed.join(' ')).toEqual(
          everything.slice(0, 50),
        );
        if (everything.length > 50) pruned += 1;
      }
    }
    // The comparison means something only if many texts match more than one answer's worth.
    expect(pruned).toBeGreaterThan(60);
  });

  it('matches prefixes of every term, and ranks a title word above the same word in the brand', () => {
    const small = new MemorySearchIndex(
      [
        { id: 1, title: 'chocolate milk 1l', extra: 'anchor dairy' },
        { id: 2, title: 'milk chocolate 200g', extra: 'whittakers confectionery' },
        { id: 3, title: 'anchor butter 500g', extra: 'anchor dairy' },
      ],
      (id) => ({ nameLength: 10 + id, withdrawn: false }),
    );
    expect(small.match(['choc', 'mi'], { any: false, limit: 10 }).sort()).toEqual([1, 2]);
    expect(small.match(['anch'], { any: false, limit: 10 })).toEqual([3, 1]);
    expect(small.match(['butter', 'whit'], { any: false, limit: 10 })).toEqual([]);
    expect(small.match(['butter', 'whit'], { any: true, limit: 10 }).sort()).toEqual([2, 3]);
    expect(small.match(['zzz'], { any: true, limit: 10 })).toEqual([]);
  });

  it('finds plurals by their singulars and back, names holding the typed word first, and one typo', () => {
    const small = new MemorySearchIndex(
      [
        { id: 1, title: 'apple juice 1l', extra: 'just juice drinks' },
        { id: 2, title: 'royal gala apples', extra: 'fruit' },
        { id: 3, title: 'thigh fillets chicken', extra: 'meat' },
        { id: 4, title: 'cookies cream ice cream 2l', extra: 'tip top frozen' },
        { id: 5, title: 'lite cream 300ml', extra: 'anchor dairy' },
        { id: 6, title: 'chicken wings', extra: 'meat' },
      ],
      (id) => ({ nameLength: 10 + id, withdrawn: false }),
    );
    expect(small.search(['thighs'], 10)).toEqual([3]);
    expect(small.search(['apples'], 10)).toEqual([2, 1]);
    expect(small.search(['apple'], 10)).toEqual([1, 2]);
    expect(small.search(['cream'], 10)).toEqual([5, 4]);
    expect(small.search(['chicken', 'thighs'], 10)).toEqual([3, 6]);
    expect(small.search(['chiken'], 10).sort()).toEqual([3, 6]);
    expect(small.search(['chickn'], 10).sort()).toEqual([3, 6]);
    // One typo, not two; and only in words of 5 letters or more (a shorter one is being typed).
    expect(small.search(['chekin'], 10)).toEqual([]);
    expect(small.search(['tgih'], 10)).toEqual([]);
    expect(small.search(['zzzzzz'], 10)).toEqual([]);
  });

  it('reads PostgreSQL documents (tsvector text) into the same title and extra tokens', () => {
    expect(fromTsvectorText("'bix':2A 'weet':1A,4B 'sanitarium':3B 'weetbix':5")).toEqual({
      title: 'bix weet',
      extra: 'weet sanitarium weetbix',
    });
    const fromPostgres = products.slice(0, 200).map((p) => {
      const tokens = new Map<string, string[]>();
      [...p.title.split(' ').map((t) => [t, 'A']), ...p.extra.split(' ').map((t) => [t, 'B'])].forEach(
        ([token, weight], position) => {
          if (!token) return;
          tokens.set(token as string, [...(tokens.get(token as string) ?? []), `${position + 1}${weight}`]);
        },
      );
      const text = [...tokens].map(([token, positions]) => `'${token}':${positions.join(',')}`).join(' ');
      return { id: p.id, ...fromTsvectorText(text) };
    });
    const direct = memoryIndex(products.slice(0, 200));
    const viaTsvector = memoryIndex(fromPostgres);
    for (const terms of [['milk'], ['an', 'br'], ['choc', 'bis'], ['1l'], ['s']])
      expect(viaTsvector.match(terms, { any: true, limit: 50 })).toEqual(
        direct.match(terms, { any: true, limit: 50 }),
      );
  });
});

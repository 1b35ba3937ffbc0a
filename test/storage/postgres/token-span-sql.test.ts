/**
 * TOKENS index entries in PostgreSQL's entries table (docs/postgres.md "Token indexes"): one row
 * `(index_id, key bytea, doc_key)` per (distinct token, document), the layout the measurements
 * chose. The span builder of every index (index-span-sql.ts) serves the token spans the planner
 * makes (src/planner/sarg.ts: `= 'x'` and CONTAINS_TOKEN as a point, CONTAINS_TOKEN_LIKE 'ab%' as
 * ['ab', successor), ranges), and index-count-sql.ts counts them. Against a real PostgreSQL (a
 * private cluster from bench/support/postgres.ts): the tokens of generated travel-like documents
 * (the engine's `tokens()`), spans drawn from them, compared with an in-memory IndexTree of the
 * same entries: the rows in index order, pages resumed after an entry, and the counts. Skipped when
 * PostgreSQL is not installed (`initdb` not on PATH).
 */
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type Pg } from '../../../bench/support/postgres.js';
import { generateTravelLikeDocuments } from '../../../src/demo/index.js';
import { IndexTree, type KeyRange } from '../../../src/storage/index.js';
import { decodeIndexKey, encodeIndexKey } from '../../../src/storage/postgres/collation-key.js';
import { indexCountSql } from '../../../src/storage/postgres/index-count-sql.js';
import { indexSpanSql, inResidual, prefixEnd } from '../../../src/storage/postgres/index-span-sql.js';
import { propertyParameters } from '../../../src/testing/index.js';
import { DEFAULT_TOKEN_OPTIONS, parseTokenOptions, tokens, type TokenOptions } from '../../../src/tokens/index.js';
import { collate, compareStrings, prefixSuccessor, type Value } from '../../../src/values/index.js';

const ASC = [false];
const enc = (v: Value): Buffer => encodeIndexKey([v], ASC);
const point = (v: Value): KeyRange => ({ low: v, high: v, inclusion: 3 });
/** The span of `CONTAINS_TOKEN_LIKE(x, 'p%')` (src/planner/sarg.ts, `Like`): from the prefix to its successor, or to `[]` for none. */
const likePrefix = (p: string): KeyRange => ({ low: p, high: p === '' ? [] : prefixSuccessor(p) ?? [], inclusion: 1 });

describe('indexCountSql: the statement', () => {
  it('one token: count(*) of its entries, in the byte range of the token', () => {
    expect(indexCountSql([[point('Inn')]], ASC, { table: 'tokenql_index_entries', indexId: 7, distinctDocuments: false })).toEqual({
      sql: 'SELECT count(*) AS n FROM tokenql_index_entries WHERE index_id = $1 AND (key >= $2 AND key < $3)',
      params: [7, enc('Inn'), prefixEnd(enc('Inn'))],
    });
  });

  it('several spans: their union, each document once when asked', () => {
    const s = indexCountSql([[point('a')], [likePrefix('Ho')]], ASC, { table: 't', indexId: 1, distinctDocuments: true });
    expect(s?.sql).toBe('SELECT count(DISTINCT doc_key) AS n FROM t WHERE index_id = $1 AND ((key >= $2 AND key < $3) OR (key >= $4 AND key < $5))');
    expect(s?.params).toEqual([1, enc('a'), prefixEnd(enc('a')), enc('Ho'), enc('Hp')]);
  });

  it('the whole index is the span []; no spans count nothing', () => {
    expect(indexCountSql([[]], ASC, { table: 't', indexId: 1, distinctDocuments: false })?.sql).toBe('SELECT count(*) AS n FROM t WHERE index_id = $1 AND (TRUE)');
    expect(indexCountSql([], ASC, { table: 't', indexId: 1, distinctDocuments: false })?.sql).toBe('SELECT count(*) AS n FROM t WHERE index_id = $1 AND (FALSE)');
  });

  it('a span with ranges SQL cannot decide (a key after a range) is counted on the rows: undefined', () => {
    expect(indexCountSql([[{ low: 'a', inclusion: 1 }, point(1)]], [false, false], { table: 't', indexId: 1, distinctDocuments: false })).toBeUndefined();
  });
});

/** The TOKENS indexes of the test: index id, options, and the field (undefined: the whole document). */
const INDEXES: { id: number; field: string | undefined; options: TokenOptions }[] = [
  { id: 1, field: 'name', options: DEFAULT_TOKEN_OPTIONS },
  // The whole document, lower-cased: numbers, booleans, NULL and field names are tokens too.
  { id: 2, field: undefined, options: parseTokenOptions({ case: 'lower' }) },
];

interface TokenIndex {
  id: number;
  tree: IndexTree;
  /** The distinct tokens, in collation order. */
  keys: Value[];
}

/** Entries as the IndexTree visits them: [key bytes hex, document key], documents by code point within a key. */
function treeRows(tree: IndexTree, ranges: KeyRange[]): [string, string][] {
  const out: [string, string][] = [];
  tree.scan(ranges, (key, docs) => {
    const k = enc(key[0]).toString('hex');
    for (const d of [...docs].sort(compareStrings)) out.push([k, d]);
  });
  return out;
}

describe('token spans against PostgreSQL', () => {
  let server: Pg | undefined;
  let client: pg.Client | undefined;
  const indexes: TokenIndex[] = [];

  beforeAll(async () => {
    server = await startPostgres();
    if (!server) return;
    client = new pg.Client({ host: server.host, port: server.port, user: 'postgres', database: 'postgres' });
    await client.connect();
    await client.query('CREATE TABLE entries (index_id int, key bytea, doc_key text COLLATE "C", PRIMARY KEY (index_id, key, doc_key))');
    const docs = [...generateTravelLikeDocuments(1000, 25)];
    for (const { id, field, options } of INDEXES) {
      const tree = new IndexTree(ASC);
      const keyBytes: Buffer[] = [];
      const docKeys: string[] = [];
      for (const { key, value } of docs) {
        for (const t of tokens(field === undefined ? value : value[field], options)) {
          tree.add([t], key);
          keyBytes.push(enc(t));
          docKeys.push(key);
        }
      }
      await client.query('INSERT INTO entries SELECT $1, k, d FROM unnest($2::bytea[], $3::text[]) AS t(k, d)', [id, keyBytes, docKeys]);
      const keys: Value[] = [];
      tree.scan([], (key) => void keys.push(key[0]));
      indexes.push({ id, tree, keys });
    }
    await client.query('VACUUM ANALYZE entries');
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    server?.stop();
  });

  /** The span's entries from PostgreSQL, in index order (all at once, or in pages of `page` resumed after the last entry). */
  async function sqlRows(db: pg.Client, ix: TokenIndex, ranges: KeyRange[], page?: number): Promise<[string, string][]> {
    const out: [string, string][] = [];
    let after: { key: Buffer; doc: string } | undefined;
    for (;;) {
      const s = indexSpanSql(ranges, ASC, 'key', { firstParam: 2, after: after && decodeIndexKey(after.key, ASC), afterDocKey: after?.doc });
      const limit = page === undefined ? '' : ` LIMIT ${page}`;
      const res = await db.query<{ key: Buffer; doc_key: string }>(`SELECT key, doc_key FROM entries WHERE index_id = $1 AND ${s.predicate} ORDER BY key, doc_key${limit}`, [ix.id, ...s.params]);
      expect(s.residual).toBeUndefined();
      for (const r of res.rows) if (inResidual(decodeIndexKey(r.key, ASC), s.residual)) out.push([r.key.toString('hex'), r.doc_key]);
      if (page === undefined || res.rows.length < page) return out;
      const last = res.rows[res.rows.length - 1]!;
      after = { key: last.key, doc: last.doc_key };
    }
  }

  async function sqlCount(db: pg.Client, ix: TokenIndex, spans: KeyRange[][], distinctDocuments: boolean): Promise<number> {
    const c = indexCountSql(spans, ASC, { table: 'entries', indexId: ix.id, distinctDocuments })!;
    const res = await db.query<{ n: string }>(c.sql, c.params);
    return Number(res.rows[0]!.n);
  }

  /** What IndexCountScan2 counts in memory: the entries of the union of the spans, or their documents. */
  function treeCount(ix: TokenIndex, spans: KeyRange[][], distinctDocuments: boolean): number {
    const entries = new Set<string>();
    const docs = new Set<string>();
    for (const ranges of spans) {
      for (const [k, d] of treeRows(ix.tree, ranges)) {
        entries.add(`${k}/${d}`);
        docs.add(d);
      }
    }
    return distinctDocuments ? docs.size : entries.size;
  }

  it('the planner\'s token spans on the travel-like corpus: rows and counts as the in-memory index', async (ctx) => {
    if (!client) return ctx.skip('PostgreSQL is not installed (no initdb on PATH): .ci/run installs Debian\'s postgresql');
    const [names, whole] = indexes as [TokenIndex, TokenIndex];
    const cases: [TokenIndex, KeyRange[]][] = [
      [names, [point('Inn')]], // name = 'Inn' / CONTAINS_TOKEN(name, 'Inn')
      [names, [point('no such token')]],
      [names, [likePrefix('Ho')]], // CONTAINS_TOKEN_LIKE(name, 'Ho%')
      [names, [likePrefix('')]], // CONTAINS_TOKEN_LIKE(name, '%x'): every string token
      [names, [{ low: 'm', high: 'n', inclusion: 1 }]], // t >= 'm' AND t < 'n'
      [names, [{ low: 'M', high: 'N', inclusion: 3 }]],
      [whole, [{ low: 0, high: 100, inclusion: 3 }]], // number tokens
      [whole, [point(null)]],
      [whole, [{ low: false, high: true, inclusion: 3 }]],
      [whole, [{ low: null, inclusion: 0 }]], // IS NOT NULL: every token but NULL
      [whole, []],
    ];
    let nonEmpty = 0;
    for (const [ix, ranges] of cases) {
      const expected = treeRows(ix.tree, ranges);
      expect(await sqlRows(client, ix, ranges)).toEqual(expected);
      expect(await sqlRows(client, ix, ranges, 97)).toEqual(expected);
      expect(await sqlCount(client, ix, [ranges], false)).toBe(expected.length);
      expect(await sqlCount(client, ix, [ranges], true)).toBe(new Set(expected.map((e) => e[1])).size);
      if (expected.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(cases.length - 2);
  }, 120_000);

  it('random points, prefixes and ranges of the corpus\'s tokens, and counts of their unions', async (ctx) => {
    if (!client) return ctx.skip('PostgreSQL is not installed (no initdb on PATH)');
    const db = client;
    const tokenOf = (ix: TokenIndex) => fc.nat().map((i) => ix.keys[i % ix.keys.length]!);
    const span = (ix: TokenIndex): fc.Arbitrary<KeyRange> =>
      fc.oneof(
        tokenOf(ix).map(point),
        fc.tuple(tokenOf(ix), fc.integer({ min: 0, max: 3 })).map(([t, n]) => (typeof t === 'string' ? likePrefix([...t].slice(0, n).join('')) : point(t))),
        fc.tuple(tokenOf(ix), tokenOf(ix), fc.constantFrom<0 | 1 | 2 | 3>(0, 1, 2, 3)).map(([a, b, inclusion]): KeyRange => (collate(a, b) <= 0 ? { low: a, high: b, inclusion } : { low: b, high: a, inclusion })),
        tokenOf(ix).map((t): KeyRange => ({ low: t, inclusion: 1 })),
        tokenOf(ix).map((t): KeyRange => ({ high: t, inclusion: 0 })),
      );
    const scenario = fc.constantFrom(...indexes).chain((ix) => fc.record({ ix: fc.constant(ix), spans: fc.array(span(ix), { minLength: 1, maxLength: 3 }), page: fc.integer({ min: 40, max: 400 }) }));
    let rowsCompared = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ ix, spans, page }) => {
        for (const r of spans) {
          const expected = treeRows(ix.tree, [r]);
          expect(await sqlRows(db, ix, [r])).toEqual(expected);
          expect(await sqlRows(db, ix, [r], page)).toEqual(expected);
          rowsCompared += expected.length;
        }
        const asSpans = spans.map((r) => [r]);
        expect(await sqlCount(db, ix, asSpans, false)).toBe(treeCount(ix, asSpans, false));
        expect(await sqlCount(db, ix, asSpans, true)).toBe(treeCount(ix, asSpans, true));
      }),
      propertyParameters(40),
    );
    console.info(`token-span-sql: ${rowsCompared} rows compared with PostgreSQL`);
    expect(rowsCompared).toBeGreaterThan(500);
  }, 300_000);
});

/**
 * Spans as SQL on the encoded key column (src/storage/postgres/index-span-sql.ts): the literal
 * predicates, and against a real PostgreSQL (a private cluster from bench/support/postgres.ts):
 * random index entries in a table keyed (index_id, key bytea, doc_key text COLLATE "C"), random
 * spans and resume points, ASC and DESC keys: the rows PostgreSQL returns in key order, filtered
 * by the residual ranges, are the entries an in-memory IndexTree scan of the same entries visits,
 * in the same order. Skipped when PostgreSQL is not installed (`initdb` not on PATH).
 */
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type Pg } from '../../../bench/support/postgres.js';
import { IndexTree, type KeyRange } from '../../../src/storage/index.js';
import { decodeIndexKey, encodeIndexKey } from '../../../src/storage/postgres/collation-key.js';
import { indexSpanSql, inResidual, prefixEnd } from '../../../src/storage/postgres/index-span-sql.js';
import { propertyParameters } from '../../../src/testing/index.js';
import { collate, compareStrings, type Value } from '../../../src/values/index.js';
import { smallValue } from './key-values.js';

const enc = (key: Value[], desc: boolean[]): Buffer => encodeIndexKey(key, desc);

describe('indexSpanSql: the predicate', () => {
  it('an unbounded span is TRUE, with nothing left to check', () => {
    expect(indexSpanSql([], [false, false], 'key')).toEqual({ predicate: 'TRUE', params: [], exactKeys: 0, residual: undefined });
  });

  it('a range on the leading key: low included, high excluded', () => {
    const s = indexSpanSql([{ low: 1, high: 'a', inclusion: 1 }], [false], 'k', { firstParam: 2 });
    expect(s.predicate).toBe('k >= $2 AND k < $3');
    expect(s.params).toEqual([enc([1], [false]), enc(['a'], [false])]);
    expect(s.exactKeys).toBe(1);
  });

  it('an excluded low bound and an included high bound end past every key that begins with them', () => {
    const s = indexSpanSql([{ low: 1, high: 'a', inclusion: 2 }], [false, false], 'key');
    expect(s.params).toEqual([prefixEnd(enc([1], [false])), prefixEnd(enc(['a'], [false]))]);
  });

  it('a DESC key swaps the bounds (the high value is the first in index order)', () => {
    const s = indexSpanSql([{ low: 1, high: 5, inclusion: 1 }], [true], 'key');
    expect(s.predicate).toBe('key >= $1 AND key < $2');
    expect(s.params).toEqual([prefixEnd(enc([5], [true])), prefixEnd(enc([1], [true]))]);
  });

  it('an equality prefix, then a range, in SQL; the keys past them left to the residual check', () => {
    const ranges: KeyRange[] = [{ low: 1, high: 1, inclusion: 3 }, { low: 'a', inclusion: 0 }, { low: null, high: null, inclusion: 3 }];
    const s = indexSpanSql(ranges, [false, true, false], 'key');
    expect(s.predicate).toBe('key >= $1 AND key < $2');
    expect(s.params).toEqual([enc([1], [false]), encodeIndexKey([1, 'a'], [false, true])]);
    expect(s.exactKeys).toBe(2);
    expect(s.residual).toEqual([undefined, undefined, { low: null, high: null, inclusion: 3 }]);
    expect(inResidual([1, 'b', null], s.residual)).toBe(true);
    expect(inResidual([1, 'b', undefined], s.residual)).toBe(false);
  });

  it('an equality prefix alone bounds the bytes that begin with it', () => {
    const s = indexSpanSql([{ low: 'x', high: 'x', inclusion: 3 }], [false, false], 'key');
    expect(s.params).toEqual([enc(['x'], [false]), prefixEnd(enc(['x'], [false]))]);
    expect(s.exactKeys).toBe(1);
  });

  it('resumes after a key, or after an entry (key and document key)', () => {
    expect(indexSpanSql([], [false], 'key', { after: ['m'] })).toMatchObject({ predicate: 'key > $1', params: [enc(['m'], [false])] });
    expect(indexSpanSql([], [false], 'key', { after: ['m'], afterDocKey: 'd7' })).toMatchObject({ predicate: '(key, doc_key) > ($1, $2)', params: [enc(['m'], [false]), 'd7'] });
  });

  it('prefixEnd drops trailing 0xFF bytes and adds one to the last; none above all 0xFF', () => {
    expect(prefixEnd(Buffer.from([1, 2, 0xff]))).toEqual(Buffer.from([1, 3]));
    expect(prefixEnd(Buffer.from([0xff, 0xff]))).toBeUndefined();
  });
});

/** Entries as the IndexTree visits them: [key bytes hex, document key], documents by code point within a key. */
function treeRows(tree: IndexTree, desc: boolean[], ranges: KeyRange[], after: Value[] | undefined): [string, string][] {
  const out: [string, string][] = [];
  tree.scan(
    ranges,
    (key, docs) => {
      const k = enc(key, desc).toString('hex');
      for (const d of [...docs].sort(compareStrings)) out.push([k, d]);
    },
    after,
  );
  return out;
}

interface Scenario {
  desc: boolean[];
  entries: [Value[], number][];
  spans: { ranges: (KeyRange | undefined)[]; after: number | undefined }[];
}

const range: fc.Arbitrary<KeyRange | undefined> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: smallValue.map((v): KeyRange => ({ low: v, high: v, inclusion: 3 })) },
  { weight: 4, arbitrary: fc.record({ low: smallValue, high: smallValue, inclusion: fc.constantFrom<0 | 1 | 2 | 3>(0, 1, 2, 3) }).map(ordered) },
  { weight: 1, arbitrary: fc.record({ low: smallValue, high: smallValue, inclusion: fc.constantFrom<0 | 1 | 2 | 3>(0, 1, 2, 3) }) },
);

/** A range with its bounds in value order (most random ranges then select something). */
function ordered(r: KeyRange): KeyRange {
  return r.low !== undefined && r.high !== undefined && collate(r.low, r.high) > 0 ? { ...r, low: r.high, high: r.low } : r;
}

const scenario: fc.Arbitrary<Scenario> = fc.integer({ min: 1, max: 3 }).chain((n) =>
  fc.record({
    desc: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    entries: fc.array(fc.tuple(fc.array(smallValue, { minLength: n, maxLength: n }), fc.nat(30)), { minLength: 30, maxLength: 150 }),
    spans: fc.array(fc.record({ ranges: fc.array(range, { maxLength: n }), after: fc.option(fc.nat(), { nil: undefined }) }), { minLength: 1, maxLength: 8 }),
  }),
);

describe('indexSpanSql against PostgreSQL', () => {
  let server: Pg | undefined;
  let client: pg.Client | undefined;

  beforeAll(async () => {
    server = await startPostgres();
    if (!server) return;
    client = new pg.Client({ host: server.host, port: server.port, user: 'postgres', database: 'postgres' });
    await client.connect();
    await client.query('CREATE TABLE entries (index_id int, key bytea, doc_key text COLLATE "C", PRIMARY KEY (index_id, key, doc_key))');
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    server?.stop();
  });

  it('selects the entries of an IndexTree scan, in index order, for random entries, spans and resume keys', async (ctx) => {
    if (!client) return ctx.skip('PostgreSQL is not installed (no initdb on PATH): .ci/run installs Debian\'s postgresql');
    const db = client;
    let spans = 0;
    let rowsCompared = 0;
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ desc, entries, spans: spanList }) => {
        const tree = new IndexTree(desc);
        const rows = new Map<string, [Buffer, string]>();
        for (const [key, d] of entries) {
          tree.add(key, `d${d}`);
          const b = enc(key, desc);
          rows.set(`${b.toString('hex')}/d${d}`, [b, `d${d}`]);
        }
        await db.query('DELETE FROM entries');
        const values = [...rows.values()];
        await db.query(`INSERT INTO entries SELECT 1, k, d FROM unnest($1::bytea[], $2::text[]) AS t(k, d)`, [values.map((r) => r[0]), values.map((r) => r[1])]);
        const keys = [...new Set(values.map((r) => r[0].toString('hex')))].map((h) => decodeIndexKey(Buffer.from(h, 'hex'), desc));
        for (const { ranges, after: pick } of spanList) {
          // A one-key index resumed after MISSING is left out: IndexTree.scan takes `after: [MISSING]`
          // there for no `after` (the engine never indexes a leading MISSING key, so never resumes so).
          let after = pick === undefined ? undefined : keys[pick % keys.length];
          if (after && desc.length === 1 && after[0] === undefined) after = undefined;
          const s = indexSpanSql(ranges, desc, 'key', { firstParam: 2, after });
          const res = await db.query<{ key: Buffer; doc_key: string }>(`SELECT key, doc_key FROM entries WHERE index_id = $1 AND ${s.predicate} ORDER BY key, doc_key`, [1, ...s.params]);
          const got = res.rows.filter((r) => inResidual(decodeIndexKey(r.key, desc), s.residual)).map((r): [string, string] => [r.key.toString('hex'), r.doc_key]);
          const expected = treeRows(tree, desc, ranges as KeyRange[], after);
          expect(got).toEqual(expected);
          spans++;
          if (got.length > 0) nonEmpty++;
          rowsCompared += got.length;
        }
      }),
      propertyParameters(150),
    );
    console.info(`index-span-sql: ${spans} spans (${nonEmpty} not empty), ${rowsCompared} rows compared with PostgreSQL`);
    expect(nonEmpty).toBeGreaterThan(spans / 4);
  }, 300_000);

  it('resumes inside a key\'s documents with (key, doc_key) > (after, afterDocKey)', async (ctx) => {
    if (!client) return ctx.skip('PostgreSQL is not installed (no initdb on PATH)');
    const desc = [true, false];
    await client.query('DELETE FROM entries');
    const keys: Value[][] = [[2, 'a'], [1, 'a'], [1, 'b'], [null, 'a']];
    for (const k of keys) for (const d of ['d1', 'd2', 'd3']) await client.query('INSERT INTO entries VALUES (1, $1, $2)', [enc(k, desc), d]);
    const s = indexSpanSql([{ low: 1, high: 2, inclusion: 3 }], desc, 'key', { firstParam: 2, after: [2, 'a'], afterDocKey: 'd2' });
    const res = await client.query<{ key: Buffer; doc_key: string }>(`SELECT key, doc_key FROM entries WHERE index_id = $1 AND ${s.predicate} ORDER BY key, doc_key`, [1, ...s.params]);
    expect(res.rows.map((r) => [decodeIndexKey(r.key, desc), r.doc_key])).toEqual([
      [[2, 'a'], 'd3'],
      [[1, 'a'], 'd1'],
      [[1, 'a'], 'd2'],
      [[1, 'a'], 'd3'],
      [[1, 'b'], 'd1'],
      [[1, 'b'], 'd2'],
      [[1, 'b'], 'd3'],
    ]);
  });
});

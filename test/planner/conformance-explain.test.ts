/**
 * The plans of the reference's three array-index-over-TOKENS vectors (conformance cases
 * gsi_array_index_tokens_1/2/3, spec §10.1 and §10.4), on the product dataset with the cases'
 * own setup (tokenindex, tokenindex1, tokenindex2):
 *
 * 1. `lower(tostr(d)) = 'amazon'` against mapping `lower(to_string(d))`: tokenindex, DistinctScan,
 *    exact point span on "amazon".
 * 2. two `lower(tostr(r)) = …` ANYs against mapping `r`: tokenindex1 only (one scan, or an
 *    IntersectScan of two scans of it), non-exact, `low: "null"`, inclusion 0.
 * 3. an ANY on name and one on imageURL: tokenindex2 at least, possibly intersected with
 *    tokenindex1; non-exact valued spans.
 *
 * Each statement must also still return the recorded results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';
import { canonical, sameRows } from '../support/compare.js';
import { conformanceCases, type ConformanceCase as Case } from '../support/conformance.js';
import { sharedPath } from '../support/shared.js';
import { pickSummary, summarize } from './plan-summary.js';

const all: Case[] = conformanceCases();
const byId = (id: string): Case => {
  const c = all.find((x) => x.id === id);
  if (!c) throw new Error(`conformance case ${id} not found`);
  return c;
};
const VALUED = { low: 'null', high: null, inclusion: 0 };

describe('EXPLAIN of the reference array-index-over-TOKENS vectors', () => {
  let db: Database;

  beforeAll(async () => {
    const c = byId('gsi_array_index_tokens_1');
    db = await Database.open();
    const report = await db.load('product', sharedPath(c.keyspaces.product.file), { key: c.keyspaces.product.key });
    expect(report.failures).toEqual([]);
    for (const s of c.setup) await db.query(s);
    // The three cases share the dataset and setup.
    for (const id of ['gsi_array_index_tokens_2', 'gsi_array_index_tokens_3']) expect(byId(id).setup).toEqual(c.setup);
  });
  afterAll(async () => db?.close());

  async function checkResults(c: Case): Promise<void> {
    const { results } = await db.query(c.statement);
    if (!sameRows(results, c.results, c.ordered)) expect(results.map(canonical)).toEqual(c.results.map(canonical));
    expect(sameRows(results, c.results, c.ordered)).toBe(true);
  }

  it('gsi_array_index_tokens_1: tokenindex, DistinctScan, exact point span on "amazon"', async () => {
    const c = byId('gsi_array_index_tokens_1');
    const s = summarize(await db.explain(c.statement));
    const want = { scan: 'IndexScan3', indexes: ['tokenindex'], distinct: true, exact: true, spans: [{ low: '"amazon"', high: '"amazon"', inclusion: 3 }] };
    const { actual, expected } = pickSummary(s, want);
    expect.soft(actual).toEqual(expected);
    await checkResults(c);
  });

  it('gsi_array_index_tokens_2: tokenindex1 only, non-exact, low null, inclusion 0', async () => {
    const c = byId('gsi_array_index_tokens_2');
    const s = summarize(await db.explain(c.statement));
    expect.soft(['IndexScan3', 'IntersectScan']).toContain(s.scan);
    expect.soft(s.indexes).toEqual(['tokenindex1']);
    expect.soft(s.distinct).toBe(true);
    expect.soft(s.exact).toBe(false);
    expect.soft(s.spans.length).toBeGreaterThan(0);
    for (const sp of s.spans) expect.soft(pickSummary({ ...s, spans: [sp] }, { spans: [VALUED] }).actual).toEqual({ spans: [VALUED] });
    await checkResults(c);
  });

  it('gsi_array_index_tokens_3: tokenindex2 (possibly intersected with tokenindex1), non-exact valued spans', async () => {
    const c = byId('gsi_array_index_tokens_3');
    const s = summarize(await db.explain(c.statement));
    if (s.indexes.length === 2) {
      expect.soft(s.scan).toBe('IntersectScan');
      expect.soft(s.indexes).toEqual(['tokenindex1', 'tokenindex2']);
    } else {
      expect.soft(s.scan).toBe('IndexScan3');
      expect.soft(s.indexes).toEqual(['tokenindex2']);
    }
    expect.soft(s.distinct).toBe(true);
    expect.soft(s.exact).toBe(false);
    for (const sp of s.spans) expect.soft(pickSummary({ ...s, spans: [sp] }, { spans: [VALUED] }).actual).toEqual({ spans: [VALUED] });
    await checkResults(c);
  });
});

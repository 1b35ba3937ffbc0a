/**
 * Covering scans of a scalar index build their rows from the index entries (executor/covered-rows.ts):
 * documents sharing one entry share its row value, a document is read only when its row is its own
 * value (a covered 0 or object) or when documents can expire, and the scan's filter, OFFSET and
 * LIMIT count the rows it keeps. Each query runs with and without the index (scan-pair.ts); the
 * expected rows are worked out by hand, the GROUP BY ones checked against the reference (the same
 * documents as a constant FROM, cbq-engine 7.6).
 */
import { describe, expect, it } from 'vitest';
import type { Value } from '../../src/index.js';
import { scanPair } from './scan-pair.js';

const DOCS: Record<string, Value> = {
  d01: { k: 1, v: 5 },
  d02: { k: 1, v: 5 },
  d03: { k: 1, v: 7 },
  d04: { k: 2, v: 0 },
  d05: { k: 2, v: -0 },
  d06: { k: 2, v: 5 },
  d07: { k: 'a', v: 3 },
  d08: { k: 'a' },
  d09: { k: { b: 2, a: 1 }, v: 1 },
  d10: { k: { a: 1, b: 2 }, v: 2 },
};

const covers = async (db: { explain(q: string): Promise<unknown> }, q: string) => {
  const plan = JSON.stringify(await db.explain(q));
  expect(plan, q).toContain('"covers"');
  expect(plan, q).not.toContain('"Fetch"');
};

describe('covering scan rows built from the index entries', () => {
  it('groups the rows of a covering scan the index does not aggregate', async () => {
    const p = await scanPair(DOCS, ['CREATE INDEX ix ON ks(k, v)']);
    try {
      const expected = [
        { k: 1, s: 17, n: 3, a: 3 },
        { k: 2, s: 5, n: 3, a: 3 },
        { k: 'a', s: 3, n: 2, a: 1 },
        { k: { a: 1, b: 2 }, s: 3, n: 2, a: 2 },
      ];
      // ARRAY_AGG and an aggregate FILTER are not index aggregates: InitialGroup reads the covered rows.
      for (const q of [
        'SELECT k, SUM(v) FILTER (WHERE TRUE) AS s, COUNT(*) AS n, ARRAY_LENGTH(ARRAY_AGG(v)) AS a FROM ks WHERE k IS NOT MISSING GROUP BY k',
        'SELECT k, SUM(v) AS s, COUNT(*) AS n, ARRAY_LENGTH(ARRAY_AGG(v)) AS a FROM ks WHERE k IS NOT MISSING GROUP BY k',
      ]) {
        await covers(p.indexed, q);
        expect(JSON.stringify(await p.indexed.explain(q))).not.toContain('index_group_aggs');
        await p.expectRows(q, expected);
      }
    } finally {
      await p.close();
    }
  });

  it('gives each document of a shared entry its own id and its own 0 or -0', async () => {
    const p = await scanPair(DOCS, ['CREATE INDEX ix ON ks(k, v)']);
    try {
      const q = 'SELECT META().id, k, v, ATAN2(v, -1) AS r FROM ks WHERE k >= 1 AND k <= 2';
      await covers(p.indexed, q);
      await p.expectRows(q, [
        { id: 'd01', k: 1, v: 5, r: Math.atan2(5, -1) },
        { id: 'd02', k: 1, v: 5, r: Math.atan2(5, -1) },
        { id: 'd03', k: 1, v: 7, r: Math.atan2(7, -1) },
        { id: 'd04', k: 2, v: 0, r: Math.PI },
        { id: 'd05', k: 2, v: -0, r: -Math.PI },
        { id: 'd06', k: 2, v: 5, r: Math.atan2(5, -1) },
      ]);
      // A covered object key is the document's own value (its own field order).
      const q2 = 'SELECT RAW [META().id, k] FROM ks WHERE k >= {}';
      await covers(p.indexed, q2);
      for (const db of [p.plain, p.indexed]) expect(JSON.stringify((await db.query(q2)).results)).toBe('[["d09",{"b":2,"a":1}],["d10",{"a":1,"b":2}]]');
    } finally {
      await p.close();
    }
  });

  it('applies the scan filter before OFFSET and LIMIT, and stops at LIMIT without one', async () => {
    const p = await scanPair(DOCS, ['CREATE INDEX ix ON ks(k, v)']);
    try {
      const q1 = 'SELECT RAW v FROM ks WHERE k = 1 AND v - 1 >= 4 LIMIT 2 OFFSET 1';
      await covers(p.indexed, q1);
      await p.expectRows(q1, [5, 7]);
      const q2 = 'SELECT RAW v FROM ks WHERE k = 1 AND v * 1 != 5 LIMIT 1';
      await covers(p.indexed, q2);
      await p.expectRows(q2, [7]);
      const q3 = 'SELECT RAW v FROM ks WHERE k = 1 LIMIT 2';
      await covers(p.indexed, q3);
      await p.expectRows(q3, [5, 5]);
      await p.expectRows('SELECT RAW v FROM ks WHERE k = 1 LIMIT 0', []);
    } finally {
      await p.close();
    }
  });

  it('makes one row per document of an array index scan (its first entry in the spans)', async () => {
    const docs: Record<string, Value> = { a1: { arr: [1, 2, 3], k: 1 }, a2: { arr: [2, 2], k: 1 }, a3: { arr: [0], k: 2 }, a4: { arr: [5, 1], k: 0 } };
    const p = await scanPair(docs, ['CREATE INDEX ia ON ks(DISTINCT ARRAY x FOR x IN arr END, k)']);
    try {
      const q1 = 'SELECT META().id, k FROM ks WHERE ANY x IN arr SATISFIES x >= 1 END';
      await covers(p.indexed, q1);
      await p.expectRows(q1, [
        { id: 'a1', k: 1 },
        { id: 'a2', k: 1 },
        { id: 'a4', k: 0 },
      ]);
      const q2 = 'SELECT k, COUNT(*) AS n FROM ks WHERE ANY x IN arr SATISFIES x >= 1 END GROUP BY k';
      await covers(p.indexed, q2);
      await p.expectRows(q2, [
        { k: 1, n: 2 },
        { k: 0, n: 1 },
      ]);
    } finally {
      await p.close();
    }
  });

  it('leaves out an expired document sharing an entry with live ones', async () => {
    const clock = { now: Date.UTC(2030, 0, 1) };
    const p = await scanPair({}, [], { clock: () => clock.now });
    try {
      await p.both(async (db) => {
        await db.upsert('ks', 'e1', { k: 1, v: 5 }, { expiration: 10 });
        await db.upsert('ks', 'd1', { k: 1, v: 5 });
        await db.upsert('ks', 'd2', { k: 1, v: 5 });
        await db.upsert('ks', 'e2', { k: 2, v: 0 }, { expiration: 10 });
        await db.upsert('ks', 'd3', { k: 2, v: -0 });
      });
      await p.indexed.query('CREATE INDEX ix ON ks(k, v)');
      clock.now += 20_000;
      const q = 'SELECT k, COUNT(*) AS n, ARRAY_AGG(ATAN2(v, -1)) AS r FROM ks WHERE k IS NOT MISSING GROUP BY k';
      await covers(p.indexed, q);
      await p.expectRows(q, [
        { k: 1, n: 2, r: [Math.atan2(5, -1), Math.atan2(5, -1)] },
        { k: 2, n: 1, r: [-Math.PI] },
      ]);
      await p.expectRows('SELECT RAW META().id FROM ks WHERE k >= 1', ['d1', 'd2', 'd3']);
    } finally {
      await p.close();
    }
  });
});

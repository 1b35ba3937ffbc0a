/**
 * Expired documents and index scans (audit bug 8): an expired document is invisible to every
 * read (storage/store.ts), so an index scan returns exactly the live documents a full scan
 * returns. Reading an expired document expires it, which removes its index entries: a covering
 * scan used to do that while it walked the index and skipped the next entry, and a LIMIT pushed
 * into the scan counted expired keys. Each query runs with and without the index; the expected
 * rows are the live documents that match, worked out by hand.
 */
import { describe, it } from 'vitest';
import type { Value } from '../../src/index.js';
import { scanPair } from './scan-pair.js';

const START = Date.UTC(2030, 0, 1);

/**
 * A pair whose clock the test moves: the `expiring` documents (written first, so that they come
 * first in the index postings) expire 10 s from the start, then the `live` ones are written and
 * the indexes created, and the clock moves 20 s on.
 */
async function pairWith(live: Record<string, Value>, expiring: Record<string, Value>, indexes: string[]) {
  const clock = { now: START };
  const p = await scanPair({}, [], { clock: () => clock.now });
  await p.both(async (db) => {
    for (const [k, v] of Object.entries(expiring)) await db.upsert('ks', k, v, { expiration: 10 });
    for (const [k, v] of Object.entries(live)) await db.upsert('ks', k, v);
  });
  for (const s of indexes) await p.indexed.query(s);
  clock.now += 20_000;
  return p;
}

describe('index scans over expired documents', () => {
  it('a covering scan returns every live row after an expired one', async () => {
    const p = await pairWith({ k1: { t: 1 }, k2: { t: 2 } }, { k0: { t: 0 } }, ['CREATE INDEX ixt ON ks(t)']);
    try {
      await p.expectRows('SELECT t FROM ks WHERE t >= 0', [{ t: 1 }, { t: 2 }]);
      await p.expectRows('SELECT META().id FROM ks WHERE t >= 0', [{ id: 'k1' }, { id: 'k2' }]);
      // Once read, the expired document is gone for good (its entries removed after the scan).
      await p.expectRows('SELECT RAW t FROM ks WHERE t >= 0 ORDER BY t', [1, 2], { ordered: true });
    } finally {
      await p.close();
    }
  });

  it('a covering scan over many entries, every other one expired', async () => {
    const live: Record<string, Value> = {};
    const expiring: Record<string, Value> = {};
    for (let i = 0; i < 300; i++) (i % 2 ? live : expiring)[`k${String(i).padStart(3, '0')}`] = { t: i % 150, g: i % 3 };
    const p = await pairWith(live, expiring, ['CREATE INDEX ixt ON ks(t)', 'CREATE INDEX ixgt ON ks(g, t)']);
    try {
      // The live documents are the odd i: t = i % 150 is odd for each of them.
      const odd = Array.from({ length: 150 }, (_, j) => 2 * j + 1);
      const ts = odd.map((i) => i % 150).sort((a, b) => a - b);
      await p.expectRows('SELECT RAW t FROM ks WHERE t >= 0 ORDER BY t', ts, { ordered: true });
      await p.expectRows('SELECT RAW META().id FROM ks WHERE g = 1 AND t >= 0', odd.filter((i) => i % 3 === 1).map((i) => `k${String(i).padStart(3, '0')}`));
    } finally {
      await p.close();
    }
  });

  it('a LIMIT pushed into the scan counts live documents only', async () => {
    const p = await pairWith({ k1: { t: 0, n: 1 }, k3: { t: 1, n: 3 } }, { k0: { t: 0, n: 0 }, k2: { t: 0, n: 2 } }, ['CREATE INDEX ixt ON ks(t)']);
    try {
      await p.expectRows('SELECT n FROM ks WHERE t = 0 LIMIT 1', [{ n: 1 }]);
      await p.expectRows('SELECT RAW META().id FROM ks WHERE t >= 0 ORDER BY t LIMIT 2', ['k1', 'k3'], { ordered: true });
      await p.expectRows('SELECT * FROM ks WHERE t = 0 LIMIT 5', [{ ks: { t: 0, n: 1 } }]);
    } finally {
      await p.close();
    }
  });

  it('index aggregates, COUNT(DISTINCT) and COUNT(*) from the index count live documents only', async () => {
    const p = await pairWith({ k1: { t: 1, n: 10 }, k3: { t: 2, n: 30 }, k4: { t: 2, n: 40 } }, { k0: { t: 1, n: 5 }, k2: { t: 3, n: 20 } }, ['CREATE INDEX ixtn ON ks(t, n)']);
    try {
      const plan = JSON.stringify(await p.indexed.explain('SELECT t, SUM(n) AS s, COUNT(*) AS c FROM ks WHERE t >= 0 GROUP BY t'));
      if (!plan.includes('index_group_aggs')) throw new Error(`not aggregated by the index: ${plan}`);
      await p.expectRows('SELECT t, SUM(n) AS s, COUNT(*) AS c FROM ks WHERE t >= 0 GROUP BY t', [
        { t: 1, s: 10, c: 1 },
        { t: 2, s: 70, c: 2 },
      ]);
      await p.expectRows('SELECT COUNT(DISTINCT t) AS d FROM ks WHERE t IS NOT MISSING', [{ d: 2 }]);
      await p.expectRows('SELECT COUNT(*) AS c FROM ks WHERE t > 0', [{ c: 3 }]);
      await p.expectRows('SELECT MAX(n) AS m FROM ks WHERE t >= 3', [{ m: null }]);
    } finally {
      await p.close();
    }
  });

  it('an array index scan (covering META().id) leaves expired documents out', async () => {
    const p = await pairWith({ k1: { arr: [1, 2] }, k2: { arr: [1] } }, { k0: { arr: [1, 2] } }, ['CREATE INDEX ixarr ON ks(DISTINCT ARRAY v FOR v IN arr END)']);
    try {
      await p.expectRows('SELECT RAW META().id FROM ks WHERE ANY v IN arr SATISFIES v = 1 END LIMIT 1', ['k1']);
      await p.expectRows('SELECT RAW META().id FROM ks WHERE ANY v IN arr SATISFIES v = 1 END', ['k1', 'k2']);
    } finally {
      await p.close();
    }
  });
});

/**
 * Covering scans return each document's own values (audit bug 11): documents whose index keys
 * collate equal share one index entry whose key is the first one's value, so a row rebuilt from
 * the key could show another document's -0 / 0 or another field order of an equal object. The
 * expected rows are each document's own values, as a full scan reads them.
 */
import { describe, expect, it } from 'vitest';
import { scanPair } from './scan-pair.js';

const PI = Math.PI;

describe('covering scans over collation-equal keys', () => {
  for (const order of ['d1 first', 'd2 first']) {
    it(`returns the document's own value (${order} in the index)`, async () => {
      const d1 = { o: { x: 1, y: 2 }, z: 0, a: [0, 'k'], s: 's' };
      const d2 = { o: { y: 2, x: 1 }, z: -0, a: [-0, 'k'], s: 's' };
      const p = await scanPair(order === 'd1 first' ? { d1, d2 } : { d2, d1 }, ['CREATE INDEX ixo ON ks(o)', 'CREATE INDEX ixz ON ks(z)', 'CREATE INDEX ixa ON ks(a)', 'CREATE INDEX ixsz ON ks(s, z)']);
      try {
        const covering = async (q: string) => expect(JSON.stringify(await p.indexed.explain(q))).toContain('"covers"');
        // Field order shows only in the result's JSON text (ENCODE_JSON sorts names, as the reference's).
        const q1 = 'SELECT RAW [META().id, o] FROM ks WHERE o IS NOT NULL ORDER BY META().id';
        await covering(q1);
        for (const db of [p.plain, p.indexed]) {
          expect(JSON.stringify((await db.query(q1)).results)).toBe('[["d1",{"x":1,"y":2}],["d2",{"y":2,"x":1}]]');
        }
        const q2 = 'SELECT META().id, ATAN2(z, -1) AS r FROM ks WHERE z = 0';
        await covering(q2);
        await p.expectRows(q2, [
          { id: 'd1', r: PI },
          { id: 'd2', r: -PI },
        ]);
        await p.expectRows('SELECT META().id, ATAN2(a[0], -1) AS r FROM ks WHERE a >= [0]', [
          { id: 'd1', r: PI },
          { id: 'd2', r: -PI },
        ]);
        await p.expectRows('SELECT META().id, s, ATAN2(z, -1) AS r FROM ks WHERE s = "s" AND z = 0', [
          { id: 'd1', s: 's', r: PI },
          { id: 'd2', s: 's', r: -PI },
        ]);
      } finally {
        await p.close();
      }
    });
  }

  it('reads a field whose name starts with NUL from the document, as any field', async () => {
    // Such a field once passed for a covered expression key (whose cover field starts with NUL)
    // and was read from the index entry, i.e. another document's collation-equal -0.
    const p = await scanPair({ d1: { '\u0000z': 0 }, d2: { '\u0000z': -0 } }, ['CREATE INDEX ixn ON ks(`\u0000z`)']);
    try {
      const q = 'SELECT META().id, ATAN2(`\u0000z`, -1) AS r FROM ks WHERE `\u0000z` = 0';
      expect(JSON.stringify(await p.indexed.explain(q))).toContain('"covers"');
      await p.expectRows(q, [
        { id: 'd1', r: PI },
        { id: 'd2', r: -PI },
      ]);
    } finally {
      await p.close();
    }
  });
});

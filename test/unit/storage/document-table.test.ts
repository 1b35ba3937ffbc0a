import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DocumentTable } from '../../../src/storage/document-table.js';
import type { StoredDocument } from '../../../src/storage/index.js';

function stored(key: string, n: number): StoredDocument {
  return { key, value: { n }, meta: { id: key, cas: n, expiration: 0, seqno: n } };
}

/** The live (key, value) pairs of the columns, holes left out, in slot order. */
function live(t: DocumentTable): [string, unknown][] {
  const { keys, values, length } = t.columns();
  const out: [string, unknown][] = [];
  for (let i = 0; i < length; i++) {
    const k = keys[i];
    if (k === undefined) {
      expect(values[i]).toBeUndefined();
      continue;
    }
    out.push([k, values[i]]);
  }
  return out;
}

/** A write: set key `k` to a value numbered `n`, or remove it (`n` < 0). */
const write = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: -3, max: 1000 }));

describe('DocumentTable', () => {
  it('keeps the keys and values in its columns in the order of a Map, through writes, removals and compactions', () => {
    fc.assert(
      fc.property(fc.array(write, { maxLength: 4000 }), (writes) => {
        const t = new DocumentTable();
        const m = new Map<string, StoredDocument>();
        for (const [k, n] of writes) {
          const key = `k${k}`;
          if (n < 0) expect(t.delete(key)).toBe(m.delete(key));
          else {
            const d = stored(key, n);
            t.set(key, d);
            m.set(key, d);
          }
        }
        expect([...t.values()]).toEqual([...m.values()]);
        expect([...t.keys()]).toEqual([...m.keys()]);
        expect(t.size).toBe(m.size);
        expect(live(t)).toEqual([...m.values()].map((d) => [d.key, d.value]));
        for (let k = 0; k <= 40; k++) expect(t.get(`k${k}`)).toBe(m.get(`k${k}`));
      }),
      { numRuns: 300 },
    );
  });

  it('compacts once removals leave more holes than live slots, and leaves columns taken before as they were', () => {
    const t = new DocumentTable();
    for (let i = 0; i < 5000; i++) t.set(`k${i}`, stored(`k${i}`, i));
    const before = t.columns();
    // Removing three keys of four: a hole each, until the 2,501st passes half the 5,000 slots.
    for (let i = 0; i < 5000; i++) if (i % 4 !== 3) t.delete(`k${i}`);
    t.set('k3', stored('k3', -1)); // an update after the compaction
    const after = t.columns();
    expect(after.length).toBeLessThan(before.length);
    expect(after.keys.slice(0, 2)).toEqual(['k3', 'k7']);
    expect(after.values[0]).toEqual({ n: -1 });
    // The old arrays: the holes made before the compaction, nothing written after it.
    expect(before.length).toBe(5000);
    expect(before.keys.filter((k) => k === undefined).length).toBe(2501);
    expect(before.keys[3]).toBe('k3');
    expect(before.values[3]).toEqual({ n: 3 });
    expect(before.keys[4999]).toBe('k4999');
    expect(live(t)).toEqual([...t.values()].map((d) => [d.key, d.value]));
  });

  it('gives a key removed and written again a new slot at the end, as a Map its position', () => {
    const t = new DocumentTable();
    for (const k of ['a', 'b', 'c']) t.set(k, stored(k, 0));
    t.delete('a');
    t.set('a', stored('a', 1));
    t.set('b', stored('b', 2));
    expect(live(t)).toEqual([
      ['b', { n: 2 }],
      ['c', { n: 0 }],
      ['a', { n: 1 }],
    ]);
    expect(t.delete('zz')).toBe(false);
  });
});

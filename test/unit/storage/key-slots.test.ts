import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyHash, KeySlots } from '../../../src/storage/key-slots.js';
import { DocumentTable } from '../../../src/storage/document-table.js';
import type { StoredDocument } from '../../../src/storage/index.js';

/** Pairs of keys with the same {@link keyHash} (found by search), so that probing meets another key of the same hash. */
const COLLIDING = [
  ['k32728', 'k261234'],
  ['k32729', 'k261235'],
  ['k32724', 'k261238'],
];

/** Keys the properties draw from: the colliding pairs and short keys (many sharing a home bucket in a small table). */
const POOL = [...COLLIDING.flat(), ...Array.from({ length: 60 }, (_, i) => `k${i}`), 'é', '\u{1F600}', 'airline_10000'];

function stored(key: string, n: number): StoredDocument {
  return { key, value: { n }, meta: { id: key, cas: n, expiration: 0, seqno: n } };
}

/** A write: set key POOL[k] to a value numbered `n`, or remove it (`n` < 0). */
const write = fc.tuple(fc.integer({ min: 0, max: POOL.length - 1 }), fc.integer({ min: -3, max: 1000 }));

describe('keyHash', () => {
  it('is 32-bit FNV-1a over the UTF-16 code units, as a signed int32', () => {
    // FNV-1a of the empty string is the offset basis; of "a" the published test vector 0xe40c292c.
    expect(keyHash('')).toBe(0x811c9dc5 | 0);
    expect(keyHash('a')).toBe(0xe40c292c | 0);
    expect(keyHash('foobar')).toBe(0xbf9cf968 | 0);
  });

  it('gives the colliding pairs the properties rely on one hash each', () => {
    for (const [a, b] of COLLIDING) expect(keyHash(a!)).toBe(keyHash(b!));
  });
});

describe('KeySlots', () => {
  it('finds every key at its slot, and no removed key, through inserts, removals (backward shifts) and growth', () => {
    fc.assert(
      fc.property(fc.array(write, { maxLength: 600 }), (writes) => {
        const slots = new KeySlots();
        const keys: (string | undefined)[] = [];
        const m = new Map<string, number>();
        for (const [k, n] of writes) {
          const key = POOL[k]!;
          const h = keyHash(key);
          if (n < 0) {
            const s = slots.remove(key, h, keys);
            expect(s).toBe(m.get(key) ?? -1);
            if (s >= 0) keys[s] = undefined;
            m.delete(key);
          } else if (!m.has(key)) {
            slots.insert(key, h, keys.length);
            m.set(key, keys.length);
            keys.push(key);
          }
        }
        for (const key of POOL) expect(slots.find(key, keyHash(key))).toBe(m.get(key) ?? -1);
        const rebuilt = new KeySlots();
        rebuilt.rebuild(keys, keys.length);
        for (const key of POOL) expect(rebuilt.find(key, keyHash(key))).toBe(m.get(key) ?? -1);
      }),
      { numRuns: 300 },
    );
  });
});

describe('KeySlots key text', () => {
  it('is written again once removed keys fill half of it, and widens for a code unit past 255', () => {
    const slots = new KeySlots();
    const keys: (string | undefined)[] = [];
    const add = (key: string) => {
      slots.insert(key, keyHash(key), keys.length);
      keys.push(key);
    };
    add('é');
    for (let i = 0; i < 300; i++) add(`${'x'.repeat(500)}${i}`);
    // 200 removals of 500-odd code units each: more than 65,536 and half the text are garbage.
    for (let i = 0; i < 200; i++) {
      const s = keys.indexOf(`${'x'.repeat(500)}${i}`);
      expect(slots.remove(keys[s]!, keyHash(keys[s]!), keys)).toBe(s);
      keys[s] = undefined;
    }
    add('\u{1F600}a');
    keys.forEach((k, s) => {
      if (k !== undefined) expect(slots.find(k, keyHash(k))).toBe(s);
    });
    expect(slots.find(`${'x'.repeat(500)}0`, keyHash(`${'x'.repeat(500)}0`))).toBe(-1);
    expect(slots.find('\u{1F600}b', keyHash('\u{1F600}b'))).toBe(-1);
  });
});

describe('DocumentTable.lookupMany', () => {
  it('gives each key the document and value get gives it, undefined for a key that is not a string or names no document', () => {
    const keyOrOther = fc.oneof(
      fc.integer({ min: 0, max: POOL.length - 1 }).map((i) => POOL[i] as unknown),
      fc.constantFrom<unknown>(undefined, null, 7, ['k1'], { k: 'k1' }, '', 'absent'),
    );
    fc.assert(
      fc.property(fc.array(write, { maxLength: 3000 }), fc.array(keyOrOther, { maxLength: 300 }), (writes, lookups) => {
        const t = new DocumentTable();
        for (const [k, n] of writes) {
          const key = POOL[k]!;
          if (n < 0) t.delete(key);
          else t.set(key, stored(key, n));
        }
        const docs: (StoredDocument | undefined)[] = [];
        const values: unknown[] = [];
        t.lookupMany(lookups, lookups.length, docs, values as never);
        for (let i = 0; i < lookups.length; i++) {
          const k = lookups[i];
          const d = typeof k === 'string' ? t.get(k) : undefined;
          expect(docs[i]).toBe(d);
          expect(values[i]).toBe(d?.value);
        }
        // Without values: the same documents.
        const only: (StoredDocument | undefined)[] = [];
        t.lookupMany(lookups, lookups.length, only);
        expect(only).toEqual(docs);
      }),
      { numRuns: 300 },
    );
  });

  it('reads past the end of its scratch arrays (a batch longer than 256 keys) and after a compaction', () => {
    const t = new DocumentTable();
    for (let i = 0; i < 5000; i++) t.set(`k${i}`, stored(`k${i}`, i));
    for (let i = 0; i < 5000; i++) if (i % 4 !== 3) t.delete(`k${i}`);
    const keys = Array.from({ length: 1000 }, (_, i) => `k${i}`);
    const docs: (StoredDocument | undefined)[] = [];
    const values: unknown[] = [];
    t.lookupMany(keys, keys.length, docs, values as never);
    expect(docs.filter((d) => d !== undefined).map((d) => d!.key)).toEqual(keys.filter((_, i) => i % 4 === 3));
    expect(values[3]).toEqual({ n: 3 });
    expect(values[4]).toBeUndefined();
  });
});

/**
 * Stored documents keep V8's fast properties (hidden classes), however they were written: a
 * document in dictionary mode (slow properties) is read about twice as slowly by every query and
 * index build. Adding more than 16 fields one by one with computed names, or deleting a field,
 * turns an object into a dictionary; `cloneValue` copies with spread, and UPDATE … UNSET copies
 * the document after deleting. Checked with V8's own %HasFastProperties, allowed at run time for
 * the one function compiled here.
 */
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { cloneValue, Database, type Value } from '../../../src/index.js';

setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: unknown) => boolean;

/** An object of `n` fields added one by one with computed names (a dictionary from 17 fields on). */
function wide(n: number): Record<string, Value> {
  const o: Record<string, Value> = {};
  for (let i = 0; i < n; i++) o[`f${i}`] = i % 4 === 0 ? { nested: i } : `v${i}`;
  return o;
}

describe('fast properties of stored documents', () => {
  it('the check itself tells the two modes apart', () => {
    expect(hasFastProperties({ a: 1 })).toBe(true);
    expect(hasFastProperties(wide(40))).toBe(false);
  });

  it('cloneValue gives ordinary objects, even of a dictionary', () => {
    const copy = cloneValue(wide(40)) as Record<string, Value>;
    expect(hasFastProperties(copy)).toBe(true);
    expect(copy).toEqual(wide(40));
  });

  it('documents written by db.upsert, INSERT, UPDATE … SET and UPDATE … UNSET keep fast properties', async () => {
    const db = await Database.open();
    try {
      await db.upsert('w', 'a', wide(27));
      await db.query('INSERT INTO w (KEY, VALUE) VALUES ("b", $v)', { params: { v: wide(27) } });
      await db.query('UPDATE w SET added = 1, f3 = "x" WHERE META().id = "a"');
      await db.query('UPDATE w UNSET f5, f0.nested WHERE META().id = "b"');
      for (const key of ['a', 'b']) {
        const doc = db.get('w', key)!.value as Record<string, Value>;
        expect(hasFastProperties(doc), key).toBe(true);
      }
      const b = db.get('w', 'b')!.value as Record<string, Value>;
      expect(b.f5).toBeUndefined();
      expect(Object.hasOwn(b, 'f5')).toBe(false);
      expect(b.f0).toEqual({});
      expect(hasFastProperties(b.f0)).toBe(true);
      expect((db.get('w', 'a')!.value as Record<string, Value>).added).toBe(1);
    } finally {
      await db.close();
    }
  });
});

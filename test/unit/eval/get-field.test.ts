import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { getField } from '../../../src/eval/compile-path.js';

describe('getField (field access, MISSING unless the object has the field)', () => {
  it('reads own fields, whatever their value', () => {
    expect(getField({ a: 1 }, 'a')).toBe(1);
    expect(getField({ a: null }, 'a')).toBeNull();
    expect(getField({ a: false }, 'a')).toBe(false);
    expect(getField({ toString: 'mine' }, 'toString')).toBe('mine');
    expect(getField(JSON.parse('{"__proto__": 7}'), '__proto__')).toBe(7);
  });

  it('is MISSING for absent fields, fields of Object.prototype, and non-objects', () => {
    expect(getField({ a: 1 }, 'b')).toBeUndefined();
    for (const name of ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf']) expect(getField({ a: 1 }, name)).toBeUndefined();
    expect(getField(['x'], '0')).toBeUndefined();
    expect(getField('abc', 'length')).toBeUndefined();
    expect(getField(null, 'a')).toBeUndefined();
    expect(getField(undefined, 'a')).toBeUndefined();
  });

  it('in a query: fields named like Object.prototype members are MISSING unless present', async () => {
    const db = await Database.open();
    await db.createKeyspace('ks');
    await db.upsert('ks', 'a', { toString: 'own' });
    await db.upsert('ks', 'b', { n: 1 });
    const r = await db.query('SELECT RAW [d.toString IS MISSING, d.`constructor` IS MISSING] FROM ks AS d ORDER BY META(d).id');
    expect(r.results).toEqual([
      [false, true],
      [true, true],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { canonicalKey, cloneValue, deepFreeze, distinctKey, equivalent, toJSON, toOutputValue, type Value } from '../../../src/values/index.js';

describe('cloneValue', () => {
  it('deep-copies JSON values, leaving MISSING fields out', () => {
    const v = { a: [1, { b: 'x' }], c: null, d: undefined } as Record<string, Value>;
    const c = cloneValue(v);
    expect(c).toEqual({ a: [1, { b: 'x' }], c: null });
    expect(c.a).not.toBe(v.a);
  });
  it('keeps a "__proto__" field a field', () => {
    const v = JSON.parse('{"__proto__": {"x": 1}, "y": 2}') as Value;
    const c = cloneValue(v) as Record<string, Value>;
    expect(Object.keys(c)).toEqual(['__proto__', 'y']);
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
    expect(toJSON(c)).toBe('{"__proto__":{"x":1},"y":2}');
  });
  it('copies an object field by field: nested values are copies, a "__proto__" field among MISSING ones stays a field', () => {
    const wide: Record<string, Value> = {};
    for (let i = 0; i < 27; i++) wide[`f${i}`] = i % 3 === 0 ? { n: i, list: [i, { m: i }] } : `v${i}`;
    const v = JSON.parse(JSON.stringify(wide)) as Record<string, Value>;
    const c = cloneValue(v) as Record<string, Value>;
    expect(c).toEqual(v);
    expect(Object.keys(c)).toEqual(Object.keys(v));
    expect(c.f0).not.toBe(v.f0);
    expect((c.f3 as { list: Value[] }).list).not.toBe((v.f3 as { list: Value[] }).list);
    const withMissing = JSON.parse('{"__proto__": {"x": [1]}, "a": 1, "z": 3}') as Record<string, Value>;
    withMissing.b = undefined as unknown as Value;
    const d = cloneValue(withMissing);
    expect(Object.keys(d)).toEqual(['__proto__', 'a', 'z']);
    expect(Object.getPrototypeOf(d)).toBe(Object.prototype);
    expect(toJSON(d)).toBe('{"__proto__":{"x":[1]},"a":1,"z":3}');
    expect(Object.getOwnPropertyDescriptor(d, '__proto__')!.value).not.toBe(Object.getOwnPropertyDescriptor(withMissing, '__proto__')!.value);
  });
  it('copies of frozen values are writable', () => {
    const c = cloneValue(deepFreeze({ a: { b: 1 } }) as Value) as { a: { b: number } };
    c.a.b = 2;
    expect(c.a.b).toBe(2);
  });
});

// n1ql-reference: SELECT 0/0 … → {"f":"NaN"}, [NAN(), POSINF(), NEGINF()] → ["NaN","+Infinity","-Infinity"];
// [MISSING] → [null].
describe('non-finite numbers and MISSING elements in output', () => {
  it('toJSON writes NaN and ±Infinity as the reference does', () => {
    expect(toJSON([NaN, Infinity, -Infinity, { a: NaN }])).toBe('["NaN","+Infinity","-Infinity",{"a":"NaN"}]');
    expect(toJSON(NaN)).toBe('"NaN"');
  });
  it('toOutputValue replaces them (and MISSING array elements) at any depth, copying only what changes', () => {
    const finite = { a: [1, 'x'], b: { c: 2 } };
    expect(toOutputValue(finite)).toBe(finite);
    expect(toOutputValue({ a: [1, NaN], b: { c: -Infinity } })).toEqual({ a: [1, 'NaN'], b: { c: '-Infinity' } });
    expect(toOutputValue([undefined, 1])).toEqual([null, 1]);
    expect(toOutputValue(Infinity)).toBe('+Infinity');
  });
  it('canonicalKey tells NaN and ±Infinity from NULL and from the strings that print like them', () => {
    const keys = [null, NaN, Infinity, -Infinity, 'NaN', '+Infinity'].map(canonicalKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

// n1ql-reference: SELECT DISTINCT RAW x FROM [NAN(), NAN(), 1] x → ["NaN","NaN",1];
// ARRAY_DISTINCT([NAN(), NAN()]) → ["NaN","NaN"]; GROUP BY x groups the NaNs ({"x":"NaN","c":2}).
describe('NaN and equivalence', () => {
  it('a value holding NaN is equivalent to nothing, and gets a distinct key of its own', () => {
    expect(equivalent(NaN, NaN)).toBe(false);
    expect(equivalent([1, NaN], [1, NaN])).toBe(false);
    expect(equivalent(Infinity, Infinity)).toBe(true);
    expect(distinctKey({ a: NaN })).not.toBe(distinctKey({ a: NaN }));
    expect(distinctKey([1, 'x'])).toBe(canonicalKey([1, 'x']));
    expect(canonicalKey(NaN)).toBe(canonicalKey(NaN));
  });
});

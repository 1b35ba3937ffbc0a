import { describe, expect, it } from 'vitest';
import { cloneValue, deepFreeze, toJSON, type Value } from '../../../src/values/index.js';

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
  it('copies of frozen values are writable', () => {
    const c = cloneValue(deepFreeze({ a: { b: 1 } }) as Value) as { a: { b: number } };
    c.a.b = 2;
    expect(c.a.b).toBe(2);
  });
});

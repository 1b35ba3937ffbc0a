import { describe, expect, it } from 'vitest';
import { hashRange } from '../../../src/tokens/run-sink.js';
import { acquireStringTable, releaseStringTable, StringTable } from '../../../src/tokens/string-table.js';

describe('StringTable', () => {
  const add = (t: StringTable, s: string, a = 0, b = s.length): string | undefined => t.addRange(s, a, b, hashRange(s, a, b));

  it('adds ranges once, returning the new string only the first time', () => {
    const t = new StringTable(4);
    expect(add(t, 'xx abc yy', 3, 6)).toBe('abc');
    expect(add(t, 'abc')).toBeUndefined();
    expect(add(t, 'abcd')).toBe('abcd');
    expect(add(t, '__abcd', 2)).toBeUndefined();
    expect(t.add('ABC')).toBe(true);
  });

  it('grows past its capacity and keeps every entry', () => {
    const t = new StringTable(2);
    for (let i = 0; i < 1000; i++) expect(t.add(`k${i}`)).toBe(true);
    for (let i = 0; i < 1000; i++) expect(t.add(`k${i}`)).toBe(false);
    expect(t.capacity).toBeGreaterThanOrEqual(2000);
  });

  it('compares long tokens in place too', () => {
    const t = new StringTable();
    const long = 'x'.repeat(40);
    expect(add(t, `(${long})`, 1, 41)).toBe(long);
    expect(add(t, `..${long}`, 2)).toBeUndefined();
    expect(add(t, `..${long.slice(1)}y`, 2)).toBe(`${long.slice(1)}y`);
  });

  it('clear empties it in O(1)', () => {
    const t = new StringTable();
    t.add('a');
    t.clear();
    expect(t.add('a')).toBe(true);
  });

  it('the pool hands out a cleared table, and a fresh one while the pooled one is in use', () => {
    const a = acquireStringTable();
    a.add('a');
    const b = acquireStringTable();
    expect(b).not.toBe(a);
    releaseStringTable(a);
    const c = acquireStringTable();
    expect(c).toBe(a);
    expect(c.add('a')).toBe(true);
    releaseStringTable(c);
  });
});

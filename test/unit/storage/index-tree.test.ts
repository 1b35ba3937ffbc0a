import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexTree } from '../../../src/storage/index.js';
import { compareStrings, type Value } from '../../../src/values/index.js';

function keysInOrder(tree: IndexTree): Value[] {
  const out: Value[] = [];
  tree.scan([], (key) => void out.push(key[0]));
  return out;
}

describe('IndexTree key order', () => {
  it('orders string keys by code point, mixing the native fast path and surrogates', () => {
    const t = new IndexTree([false]);
    for (const k of ['\u{1F600}', 'z', '\uE000', 'a', 'É', 'b']) t.add([k], `doc-${k}`);
    expect(keysInOrder(t)).toEqual(['a', 'b', 'z', 'É', '\uE000', '\u{1F600}']);
  });

  it('builds (deferred insertion) and maintains to the same order as collation, for any strings', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 60 }), fc.array(fc.string({ unit: 'binary' }), { maxLength: 20 }), (built, added) => {
        const t = new IndexTree([false]);
        t.beginBuild();
        built.forEach((k, i) => t.appendValue(k, `b${i}`));
        t.endBuild();
        added.forEach((k, i) => t.add([k], `a${i}`));
        const expected = [...new Set([...built, ...added])].sort(compareStrings);
        expect(keysInOrder(t)).toEqual(expected);
      }),
      { numRuns: Number(process.env.TOKENQL_PROPERTY_RUNS ?? 300) },
    );
  });
});

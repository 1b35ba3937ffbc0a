import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexTree, type SortedRun } from '../../../src/storage/index.js';
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

  it('a bulk-loaded build of many keys (a multi-level tree, ASC or DESC) stays ordered through later adds, removes and range scans', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ maxLength: 6 }), { minLength: 200, maxLength: 3000 }),
        fc.array(fc.tuple(fc.boolean(), fc.string({ maxLength: 6 })), { maxLength: 400 }),
        fc.string({ maxLength: 3 }),
        fc.string({ maxLength: 3 }),
        fc.boolean(),
        (built, changes, lo, hi, desc) => {
          const t = new IndexTree([desc]);
          t.beginBuild();
          built.forEach((k) => t.appendValue(k, 'b'));
          t.endBuild();
          const live = new Set(built);
          for (const [add, k] of changes) {
            if (add) {
              t.add([k], 'a');
              live.add(k);
            } else {
              t.remove([k], 'b');
              t.remove([k], 'a');
              live.delete(k);
            }
          }
          const order = (a: string, b: string): number => (desc ? -compareStrings(a, b) : compareStrings(a, b));
          expect(keysInOrder(t)).toEqual([...live].sort(order));
          const inRange: Value[] = [];
          t.scan([{ low: lo, high: hi, inclusion: 1 }], (key) => void inRange.push(key[0]));
          expect(inRange).toEqual([...live].filter((k) => compareStrings(k, lo) >= 0 && compareStrings(k, hi) < 0).sort(order));
        },
      ),
      { numRuns: Number(process.env.TOKENQL_PROPERTY_RUNS ?? 300) / 6 },
    );
  });
});

describe('IndexTree builds from a sorted run (the TOKENS index build)', () => {
  const entries = (t: IndexTree): [Value, string[]][] => {
    const out: [Value, string[]][] = [];
    t.scan([], (key, docs) => void out.push([key[0], [...docs].sort()]));
    return out;
  };
  /** A sorted run of these keys with these document keys each, as a build makes it: documents numbered in first appearance. */
  const run = (keys: Value[], docsOfKey: string[][]): SortedRun => {
    const docKeys: string[] = [];
    const docs: number[] = [];
    const starts = [0];
    for (const ds of docsOfKey) {
      for (const d of ds) docs.push(docKeys.includes(d) ? docKeys.indexOf(d) : docKeys.push(d) - 1);
      starts.push(docs.length);
    }
    return { keys, docs: Int32Array.from(docs), starts: Int32Array.from(starts), docKeys };
  };

  it('merges the run with the values appended during the build, in index order, ASC and DESC', () => {
    for (const desc of [false, true]) {
      const t = new IndexTree([desc]);
      t.beginBuild();
      t.appendValue(7, 'd1');
      t.appendValue(null, 'd2');
      t.appendValue(true, 'd1');
      t.endBuild(run(['a', 'b', 'é'], [['d1'], ['d1', 'd2'], ['d3']]));
      const expected: [Value, string[]][] = [
        [null, ['d2']],
        [true, ['d1']],
        [7, ['d1']],
        ['a', ['d1']],
        ['b', ['d1', 'd2']],
        ['é', ['d3']],
      ];
      expect(entries(t)).toEqual(desc ? expected.reverse() : expected);
      expect(t.size).toBe(7);
      expect(t.distinctKeys).toBe(6);
    }
  });

  it('adds the run to postings the tree got during the build (writes), without counting a document twice', () => {
    const t = new IndexTree([false]);
    t.beginBuild();
    t.add(['b'], 'w1'); // a write during the build reaches the tree at once
    t.add(['a'], 'd1');
    t.endBuild(run(['a', 'b', 'c', 'e'], [['d1'], ['d2'], ['d3'], ['d5']]));
    expect(entries(t)).toEqual([
      ['a', ['d1']],
      ['b', ['d2', 'w1']],
      ['c', ['d3']],
      ['e', ['d5']],
    ]);
    expect(t.size).toBe(5);
    // A key left as the build's range of documents becomes a posting on its first change.
    t.remove(['c'], 'd3');
    t.remove(['e'], 'd5');
    t.add(['a'], 'd4');
    t.add(['b'], 'w1');
    expect(entries(t)).toEqual([
      ['a', ['d1', 'd4']],
      ['b', ['d2', 'w1']],
    ]);
    expect(t.size).toBe(4);
  });

  it('adds a run of keys of several documents to postings the tree got during the build', () => {
    const t = new IndexTree([false]);
    t.beginBuild();
    t.add(['b'], 'w1');
    t.add(['a'], 'd1');
    t.endBuild(run(['a', 'c'], [['d1', 'd2'], ['d3']]));
    expect(entries(t)).toEqual([
      ['a', ['d1', 'd2']],
      ['b', ['w1']],
      ['c', ['d3']],
    ]);
    expect(t.size).toBe(4);
    // A key left as the build's range becomes a posting on its first change; the others keep theirs.
    t.remove(['c'], 'd3');
    t.add(['a'], 'd4');
    expect(entries(t)).toEqual([
      ['a', ['d1', 'd2', 'd4']],
      ['b', ['w1']],
    ]);
    expect(t.size).toBe(4);
  });

  it('reads each key of a bulk-loaded run as its own range of the shared entries, before and after changes to its neighbours', () => {
    const t = new IndexTree([false]);
    t.beginBuild();
    t.endBuild(run(['a', 'b', 'c'], [['d2', 'd1'], ['d1'], ['d3', 'd2', 'd1']]));
    expect(t.size).toBe(6);
    const lookup = (k: string): string[] => {
      const out: string[] = [];
      t.scan([{ low: k, high: k, inclusion: 3 }], (_, docs) => void out.push(...docs));
      return out;
    };
    // Documents in the order the build recorded them.
    expect([lookup('a'), lookup('b'), lookup('c')]).toEqual([['d2', 'd1'], ['d1'], ['d3', 'd2', 'd1']]);
    t.remove(['b'], 'd1');
    t.add(['a'], 'd3');
    expect([lookup('a'), lookup('b'), lookup('c')]).toEqual([['d2', 'd1', 'd3'], [], ['d3', 'd2', 'd1']]);
    expect(t.size).toBe(6);
    expect(t.distinctKeys).toBe(2);
  });

  it('refuses a second sorted run for the same tree', () => {
    const t = new IndexTree([false]);
    t.beginBuild();
    t.endBuild(run(['a'], [['d1']]));
    t.beginBuild();
    expect(() => t.endBuild(run(['b'], [['d2']]))).toThrow(/one sorted run/);
  });

  it('refuses a sorted run for an index of more than one key', () => {
    const t = new IndexTree([false, false]);
    t.beginBuild();
    expect(() => t.endBuild(run(['a'], [['d1']]))).toThrow(/one key/);
  });
});

describe('IndexTree keys of one value and composite keys', () => {
  it('scans a one-key index and a composite index over the same entries to the same composite keys, in order, with prefix ranges', () => {
    const one = new IndexTree([false]);
    const two = new IndexTree([false, true]);
    const rows: [Value, Value, string][] = [
      ['b', 2, 'd1'],
      [1, 'x', 'd2'],
      ['a', null, 'd3'],
      ['b', 1, 'd4'],
      [[1, 2], true, 'd5'],
    ];
    for (const [k, k2, id] of rows) {
      one.add([k], id);
      two.add([k, k2], id);
    }
    const keysOf = (t: IndexTree, low?: Value): Value[][] => {
      const out: Value[][] = [];
      t.scan(low === undefined ? [] : [{ low, inclusion: 1 }], (key) => void out.push(key));
      return out;
    };
    expect(keysOf(one)).toEqual([[1], ['a'], ['b'], [[1, 2]]]);
    expect(keysOf(two)).toEqual([[1, 'x'], ['a', null], ['b', 2], ['b', 1], [[1, 2], true]]);
    expect(keysOf(one, 'b')).toEqual([['b'], [[1, 2]]]);
    expect(keysOf(two, 'b')).toEqual([['b', 2], ['b', 1], [[1, 2], true]]);
    one.remove(['b'], 'd1');
    one.remove(['b'], 'd4');
    expect(keysOf(one)).toEqual([[1], ['a'], [[1, 2]]]);
  });
});

describe('IndexTree build ended in pieces', () => {
  /** Composite keys [name, n] of `count` documents, appended to a new build of a two-key index. */
  function building(count: number): IndexTree {
    const t = new IndexTree([false, false]);
    t.beginBuild();
    for (let i = count - 1; i >= 0; i--) t.append([`k${i % 97}`, i], `d${i}`);
    return t;
  }
  const keysOf = (t: IndexTree): Value[][] => {
    const out: Value[][] = [];
    t.scan([], (key) => void out.push(key));
    return out;
  };

  it('pauses while it loads the tree, and gives the same keys as the build ended in one piece (sizes across tree levels)', async () => {
    for (const count of [0, 1, 64, 65, 52 * 64, 52 * 64 + 1, 20_000]) {
      const whole = building(count);
      whole.endBuild();
      const pieces = building(count);
      let pauses = 0;
      await pieces.endBuildInPieces(undefined, async () => void pauses++);
      expect(keysOf(pieces)).toEqual(keysOf(whole));
      expect(pieces.size).toBe(count);
      expect(pieces.distinctKeys).toBe(count);
      if (count >= 20_000) expect(pauses).toBeGreaterThan(4);
      // The tree takes changes after the build as a B+ tree must (sorted-btree checks its nodes).
      pieces.add(['k0', -1], 'x');
      pieces.remove(['k1', 1], 'd1');
      const inner = (pieces as unknown as { tree: { checkValid(): void } }).tree;
      if (count > 0) expect(() => inner.checkValid()).not.toThrow();
    }
  });

  it('holds writes made during its pauses and applies them, in order, to the finished tree', async () => {
    const t = building(10_000);
    let step = 0;
    await t.endBuildInPieces(undefined, async () => {
      step++;
      if (step === 1) {
        t.add(['new', 1], 'n1'); // a key the build never saw
        t.remove(['k3', 3], 'd3'); // a built entry
      }
      if (step === 2) {
        t.add(['new', 1], 'n2');
        t.remove(['new', 1], 'n1');
        t.add(['k5', 5], 'again'); // a second document on a built key
      }
    });
    expect(step).toBeGreaterThan(2);
    const docs = new Map<string, string[]>();
    t.scan([], (key, ids) => void docs.set(JSON.stringify(key), [...ids]));
    expect(docs.get('["new",1]')).toEqual(['n2']);
    expect(docs.has('["k3",3]')).toBe(false);
    expect(docs.get('["k5",5]')?.sort()).toEqual(['again', 'd5']);
    expect(t.size).toBe(10_000 - 1 + 1 + 1);
  });
});

describe('IndexTree equality spans (one key value: a single tree lookup)', () => {
  // Collation equality, as a range [v, v] selects: 1 = 1.0 = -0 + 1, "1" ≠ 1, [1] ≠ "[1]", true ≠ "true".
  const values: Value[] = [1, '1', [1], '[1]', true, 'true', null, { a: 1 }, 0, 2.5, 'a', ''];
  for (const desc of [false, true]) {
    it(`finds exactly the documents of the key equal to the bound (${desc ? 'DESC' : 'ASC'}), as the range scan does`, () => {
      const t = new IndexTree([desc]);
      values.forEach((v, i) => {
        t.add([v], `d${i}`);
        t.add([v], `e${i}`);
      });
      const viaRange = (v: Value) => {
        const out: string[] = [];
        // Bounds that are equal but not the same value take the general path (an iterator).
        t.scan([{ low: v, high: typeof v === 'object' && v !== null ? structuredClone(v) : v, inclusion: 3 }], (_k, docs) => void out.push(...docs));
        return out;
      };
      for (const [v, ids] of [
        [1.0, ['d0', 'e0']],
        ['1', ['d1', 'e1']],
        [[1], ['d2', 'e2']],
        [true, ['d4', 'e4']],
        [null, ['d6', 'e6']],
        [-0, ['d8', 'e8']],
        [2.5, ['d9', 'e9']],
        ['', ['d11', 'e11']],
        [3, []],
        ['b', []],
      ] as [Value, string[]][]) {
        const out: [Value[], string[]][] = [];
        t.scan([{ low: v, high: v, inclusion: 3 }], (k, docs) => void out.push([k, [...docs]]));
        expect(out.flatMap(([, d]) => d).sort()).toEqual(ids);
        expect(viaRange(v).sort()).toEqual(ids);
        // The key is the stored one (0 for a bound of -0, as the range scan gives it).
        for (const [k] of out) expect(JSON.stringify(k)).toBe(JSON.stringify([v]));
      }
    });
  }
});

describe('IndexTree.lookup (a point lookup of a one-key index)', () => {
  /** The documents `lookup` gives for `v`, sorted, or undefined. */
  const docsOf = (t: IndexTree, v: Value) => {
    const d = t.lookup(v);
    return d === undefined ? undefined : { size: d.size, ids: [...d].sort() };
  };

  it('finds a value by collation (1 and 1.0 and -0 and 0 are one key; 1 and "1" and true are not), ASC or DESC, through adds and removes', () => {
    for (const desc of [false, true]) {
      const t = new IndexTree([desc]);
      const entries: [Value, string][] = [[1, 'a'], ['1', 'b'], [true, 'c'], [null, 'd'], [2, 'e'], [2.0, 'f'], [-0, 'g'], [[1], 'h'], [{ a: 1 }, 'i']];
      for (const [v, id] of entries) t.add([v], id);
      expect(docsOf(t, 1.0)).toEqual({ size: 1, ids: ['a'] });
      expect(docsOf(t, '1')).toEqual({ size: 1, ids: ['b'] });
      expect(docsOf(t, true)).toEqual({ size: 1, ids: ['c'] });
      expect(docsOf(t, false)).toBeUndefined();
      expect(docsOf(t, null)).toEqual({ size: 1, ids: ['d'] });
      expect(docsOf(t, 2)).toEqual({ size: 2, ids: ['e', 'f'] });
      expect(docsOf(t, 0)).toEqual({ size: 1, ids: ['g'] });
      expect(docsOf(t, [1])).toEqual({ size: 1, ids: ['h'] });
      expect(docsOf(t, { a: 1 })).toEqual({ size: 1, ids: ['i'] });
      expect(docsOf(t, 3)).toBeUndefined();
      t.remove([2], 'e');
      t.remove([1], 'a');
      expect(docsOf(t, 2)).toEqual({ size: 1, ids: ['f'] });
      expect(docsOf(t, 1)).toBeUndefined();
      expect(t.keyCount).toBe(1);
    }
  });

  it('answers a bulk-loaded build as its scan does, and undefined on an index of two keys', () => {
    const t = new IndexTree([false]);
    t.beginBuild();
    for (let i = 0; i < 5000; i++) t.appendValue(i % 1000, `d${i}`);
    t.endBuild();
    expect(docsOf(t, 7)).toEqual({ size: 5, ids: ['d1007', 'd2007', 'd3007', 'd4007', 'd7'] });
    expect(docsOf(t, 1000)).toBeUndefined();
    const two = new IndexTree([false, false]);
    two.add([1, 2], 'x');
    expect(two.keyCount).toBe(2);
    expect(two.lookup(1)).toBeUndefined();
  });
});

/**
 * A walk of an index resumed after its last key (`IndexTree.scan(ranges, visit, after)`,
 * executor/index-walk.ts): the scans of IndexScan3, the index aggregates and the index counts
 * stop every few entries to let the event loop run, and writes may happen before they resume.
 * Whatever the writes, an entry present throughout the walk is visited exactly once, and the
 * walk visits keys in index order, never one twice.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexTree, type KeyRange } from '../../../src/storage/index.js';
import { collate, type Value } from '../../../src/values/index.js';

const RUNS = Number(process.env.TOKENQL_PROPERTY_RUNS ?? 300) / 3;

/** A small key value: numbers, strings, NULL and booleans collate in different type classes. */
const keyValue = fc.oneof(fc.integer({ min: 0, max: 60 }), fc.constantFrom('a', 'b', 'c', 'x', null, true, false));

/** One change made while the walk is paused: add or remove the entry (key, document). */
const change = fc.tuple(fc.boolean(), fc.array(keyValue, { minLength: 2, maxLength: 2 }), fc.integer({ min: 0, max: 40 }));

interface Entry {
  key: Value[];
  doc: string;
}

/** Index order of composite keys of an index with these DESC flags (the definition: collation per key). */
function order(desc: boolean[]): (a: Value[], b: Value[]) => number {
  return (a, b) => {
    for (let i = 0; i < a.length; i++) {
      const c = collate(a[i], b[i]);
      if (c !== 0) return desc[i] ? -c : c;
    }
    return 0;
  };
}

describe('IndexTree.scan resumed after its last key', () => {
  it('with writes between slices: untouched entries in the spans are visited once each, in index order, and no entry twice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.array(keyValue, { minLength: 2, maxLength: 2 }), fc.integer({ min: 0, max: 40 })), { minLength: 1, maxLength: 300 }),
        fc.array(change, { maxLength: 60 }),
        fc.integer({ min: 1, max: 7 }),
        fc.boolean(),
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
        fc.boolean(),
        (initial, changes, sliceSize, desc0, oneKey, lo, hi, build) => {
          const desc = oneKey ? [desc0] : [desc0, !desc0];
          const t = new IndexTree(desc);
          const keyOf = (k: Value[]): Value[] => (oneKey ? [k[0]] : k);
          if (build) t.beginBuild();
          const present = new Map<string, Entry>();
          const id = (e: Entry): string => JSON.stringify([e.key, e.doc]);
          for (const [k, d] of initial) {
            const e = { key: keyOf(k), doc: `d${d}` };
            if (present.has(id(e))) continue;
            present.set(id(e), e);
            if (build) t.append(e.key, e.doc);
            else t.add(e.key, e.doc);
          }
          if (build) t.endBuild();
          // The entries the writes never touch.
          const touched = new Set(changes.map(([, k, d]) => id({ key: keyOf(k), doc: `d${d}` })));
          const ranges: KeyRange[] = lo === undefined && hi === undefined ? [] : [{ low: lo, high: hi, inclusion: 1 }];
          const inSpans = (e: Entry): boolean => ranges.length === 0 || IndexTree.inRange(e.key[0], ranges[0]);
          const expected = [...present.values()].filter((e) => !touched.has(id(e)) && inSpans(e)).map(id);

          const visited: Entry[] = [];
          let after: Value[] | undefined;
          let next = 0;
          for (;;) {
            let n = 0;
            let paused = false;
            t.scan(
              ranges,
              (key, docs) => {
                for (const doc of docs) visited.push({ key: [...key], doc });
                if (++n < sliceSize) return true;
                after = key;
                paused = true;
                return false;
              },
              after,
            );
            if (!paused) break;
            // Writes while the walk is paused (a few per pause).
            for (let j = 0; j < 3 && next < changes.length; j++, next++) {
              const [add, k, d] = changes[next];
              if (add) t.add(keyOf(k), `d${d}`);
              else t.remove(keyOf(k), `d${d}`);
            }
          }
          const ids = visited.map(id);
          expect(new Set(ids).size).toBe(ids.length);
          const seen = new Set(ids);
          for (const e of expected) expect(seen.has(e)).toBe(true);
          // Keys come in index order (entries of one key together).
          const cmp = order(desc);
          for (let i = 1; i < visited.length; i++) expect(cmp(visited[i - 1].key, visited[i].key)).toBeLessThanOrEqual(0);
          for (const e of visited) expect(inSpans(e)).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('without writes, a walk resumed after every key visits exactly what one scan visits, point spans included', () => {
    const t = new IndexTree([false]);
    for (let i = 0; i < 500; i++) t.add([i % 97], `d${i}`);
    const all = (ranges: KeyRange[]): Value[] => {
      const out: Value[] = [];
      t.scan(ranges, (key, docs) => void out.push(key[0], ...[...docs].sort()));
      return out;
    };
    const sliced = (ranges: KeyRange[]): Value[] => {
      const out: Value[] = [];
      let after: Value[] | undefined;
      for (;;) {
        let paused = false;
        t.scan(
          ranges,
          (key, docs) => {
            out.push(key[0], ...[...docs].sort());
            after = key;
            paused = true;
            return false;
          },
          after,
        );
        if (!paused) return out;
      }
    };
    for (const r of [[], [{ low: 5, high: 5, inclusion: 3 as const }], [{ low: 10, high: 40, inclusion: 0 as const }], [{ low: 90, inclusion: 1 as const }]]) {
      expect(sliced(r)).toEqual(all(r));
    }
    expect(sliced([{ low: 5, high: 5, inclusion: 3 }])).toEqual([5, 'd102', 'd199', 'd296', 'd393', 'd490', 'd5']);
  });
});

describe('IndexTree.scan resumed after a MISSING key', () => {
  it('a one-key index resumed after [MISSING] leaves that key out (it does not start over)', () => {
    const tree = new IndexTree([false]);
    tree.add([undefined], 'm');
    tree.add([null], 'n');
    tree.add([1], 'one');
    const seen: string[] = [];
    tree.scan([], (_key, docs) => void seen.push(...docs), [undefined]);
    expect(seen).toEqual(['n', 'one']);
  });
});

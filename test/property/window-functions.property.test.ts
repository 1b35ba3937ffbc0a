/**
 * Property: every window function equals its definition computed naively, row by row, over
 * random partitions, orderings (ties, MISSING and NULL keys, ASC/DESC, NULLS FIRST/LAST) and
 * frames (ROWS, RANGE, GROUPS with every kind of bound, EXCLUDE). The naive side sorts the rows
 * itself (stably, as the engine's Order does), finds each row's peers and frame by scanning the
 * whole partition, and applies the function's definition to the frame's rows.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';
import { collate, type Value } from '../../src/values/index.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);

let db: Database;
beforeAll(async () => {
  db = await Database.open();
});
afterAll(async () => {
  await db.close();
});

interface Doc {
  id: number;
  p?: number | null;
  o?: number | null;
  x?: number | null;
}

type Bound = { kind: 'UNBOUNDED PRECEDING' | 'UNBOUNDED FOLLOWING' | 'CURRENT ROW' } | { kind: 'PRECEDING' | 'FOLLOWING'; k: number };
interface Frame {
  unit: 'ROWS' | 'RANGE' | 'GROUPS';
  start: Bound;
  end: Bound;
  exclude?: 'CURRENT ROW' | 'GROUP' | 'TIES';
}
interface Win {
  partition: boolean;
  order?: { desc: boolean; nulls?: 'FIRST' | 'LAST' };
  frame?: Frame;
}
interface Fn {
  name: string;
  k?: number;
  ignoreNulls?: boolean;
  fromLast?: boolean;
}

const maybe = <T>(a: fc.Arbitrary<T>) => fc.oneof(a, fc.constant(null), fc.constant(undefined));
const docs = fc.array(fc.record({ p: maybe(fc.integer({ min: 0, max: 2 })), o: maybe(fc.integer({ min: 0, max: 4 })), x: maybe(fc.integer({ min: -5, max: 9 })) }), { maxLength: 14 }).map((rs) =>
  rs.map((r, i): Doc => {
    const d: Doc = { id: i };
    for (const k of ['p', 'o', 'x'] as const) if (r[k] !== undefined) d[k] = r[k];
    return d;
  }),
);

const bound = fc.oneof(
  fc.constant<Bound>({ kind: 'UNBOUNDED PRECEDING' }),
  fc.constant<Bound>({ kind: 'UNBOUNDED FOLLOWING' }),
  fc.constant<Bound>({ kind: 'CURRENT ROW' }),
  fc.record({ kind: fc.constantFrom('PRECEDING' as const, 'FOLLOWING' as const), k: fc.integer({ min: 0, max: 3 }) }),
);
const rank = (b: Bound) => ({ 'UNBOUNDED PRECEDING': 0, PRECEDING: 1, 'CURRENT ROW': 2, FOLLOWING: 3, 'UNBOUNDED FOLLOWING': 4 })[b.kind];
/** Frames the reference accepts (start not after end in kind, as its "invalid window frame" rule). */
const frame = fc
  .record({ unit: fc.constantFrom('ROWS' as const, 'RANGE' as const, 'GROUPS' as const), start: bound, end: bound, exclude: fc.constantFrom(undefined, 'CURRENT ROW' as const, 'GROUP' as const, 'TIES' as const) })
  .filter((f) => f.start.kind !== 'UNBOUNDED FOLLOWING' && f.end.kind !== 'UNBOUNDED PRECEDING' && rank(f.start) <= rank(f.end))
  .map((f): Frame => (f.exclude ? f : { unit: f.unit, start: f.start, end: f.end }));

const RANKING = ['row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead'];
const fn: fc.Arbitrary<Fn> = fc.oneof(
  fc.constantFrom(...['sum', 'count', 'avg', 'min', 'max', 'count_star', 'first_value', 'last_value', 'ratio_to_report'].map((name) => ({ name }))),
  fc.constantFrom(...RANKING.filter((n) => n !== 'ntile' && n !== 'lag' && n !== 'lead').map((name) => ({ name }))),
  fc.record({ name: fc.constant('ntile'), k: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ name: fc.constantFrom('lag', 'lead'), k: fc.integer({ min: 1, max: 3 }), ignoreNulls: fc.boolean() }),
  fc.record({ name: fc.constant('nth_value'), k: fc.integer({ min: 1, max: 3 }), fromLast: fc.boolean(), ignoreNulls: fc.boolean() }),
  fc.record({ name: fc.constantFrom('first_value', 'last_value'), ignoreNulls: fc.boolean() }),
);
const win = fc.record({
  partition: fc.boolean(),
  order: fc.option(fc.record({ desc: fc.boolean(), nulls: fc.constantFrom(undefined, 'FIRST' as const, 'LAST' as const) }), { nil: undefined }),
  frame: fc.option(frame, { nil: undefined }),
});

/** The window the function may have, by the reference's rules (ORDER BY required, frames). */
function legal(f: Fn, w: Win, rows: Doc[]): Win {
  const ranking = RANKING.includes(f.name);
  let out: Win = { ...w };
  if (ranking) out = { ...out, frame: undefined };
  if (ranking && f.name !== 'row_number' && !out.order) out = { ...out, order: { desc: false } };
  if (out.frame && !out.order) out = { ...out, frame: undefined };
  // RANGE offsets: keys of one type with the default NULLS position (the reference walks
  // collation order from the row; see window/frames.ts).
  if (out.frame?.unit === 'RANGE' && [out.frame.start, out.frame.end].some((b) => 'k' in b) && out.order?.nulls) out = { ...out, order: { desc: out.order.desc } };
  void rows;
  return out;
}

function statement(f: Fn, w: Win, rows: Doc[]): string {
  const arg = f.name === 'count_star' ? '*' : ['row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist'].includes(f.name) ? '' : f.name === 'ntile' ? String(f.k) : 't.x';
  const extra = (f.name === 'lag' || f.name === 'lead' || f.name === 'nth_value') ? `, ${f.k}` : '';
  const name = f.name === 'count_star' ? 'count' : f.name;
  const parts: string[] = [];
  if (w.partition) parts.push('PARTITION BY t.p');
  if (w.order) parts.push(`ORDER BY t.o${w.order.desc ? ' DESC' : ''}${w.order.nulls ? ' NULLS ' + w.order.nulls : ''}`);
  if (w.frame) {
    const b = (x: Bound) => ('k' in x ? `${x.k} ${x.kind}` : x.kind);
    parts.push(`${w.frame.unit} BETWEEN ${b(w.frame.start)} AND ${b(w.frame.end)}${w.frame.exclude ? ' EXCLUDE ' + w.frame.exclude : ''}`);
  }
  const mods = (f.fromLast ? ' FROM LAST' : '') + (f.ignoreNulls ? ' IGNORE NULLS' : '');
  return `SELECT t.id, ${name}(${arg}${extra})${mods} OVER (${parts.join(' ')}) AS w FROM ${JSON.stringify(rows)} AS t`;
}

const isNull = (v: Value) => v === undefined || v === null;

/** The naive answer: id → value (undefined for MISSING). */
function naive(f: Fn, w: Win, rows: Doc[]): Map<number, Value> {
  const out = new Map<number, Value>();
  const partitions = new Map<string, Doc[]>();
  for (const r of rows) {
    const key = w.partition ? JSON.stringify(r.p === undefined ? 'missing' : r.p) : '';
    partitions.set(key, [...(partitions.get(key) ?? []), r]);
  }
  const nullsFirst = w.order ? (w.order.nulls ? w.order.nulls === 'FIRST' : !w.order.desc) : true;
  const cmp = (a: Doc, b: Doc) => {
    if (!w.order) return 0;
    const an = isNull(a.o);
    const bn = isNull(b.o);
    if (an !== bn) return an === nullsFirst ? -1 : 1;
    const c = collate(a.o, b.o);
    return w.order.desc ? -c : c;
  };
  for (const part of partitions.values()) {
    const s = [...part].sort(cmp);
    const n = s.length;
    const peer = (i: number, j: number) => !w.order || collate(s[i]!.o, s[j]!.o) === 0;
    const group: number[] = [];
    s.forEach((_, i) => group.push(i === 0 ? 0 : group[i - 1]! + (peer(i, i - 1) ? 0 : 1)));
    for (let i = 0; i < n; i++) out.set(s[i]!.id, value(f, w, s, i, group, peer));
  }
  return out;
}

/**
 * Row j is in row i's frame: the frame is the positions [start, end] (minus EXCLUDE), each bound
 * found by scanning the sorted partition: ROWS counts rows, GROUPS peer groups, RANGE compares
 * the ORDER BY value (a MISSING or NULL row's bounds are its peers).
 */
function inFrame(w: Win, s: Doc[], i: number, j: number, group: number[], peer: (a: number, b: number) => boolean): boolean {
  const f = w.frame;
  if (!f) return !w.order || j <= i || peer(i, j);
  const n = s.length;
  const idx = s.map((_, x) => x);
  const minWhere = (p: (x: number) => boolean) => idx.find(p) ?? n;
  const maxWhere = (p: (x: number) => boolean) => [...idx].reverse().find(p) ?? -1;
  const at = (b: Bound, start: boolean): number => {
    if (b.kind === 'UNBOUNDED PRECEDING') return 0;
    if (b.kind === 'UNBOUNDED FOLLOWING') return n - 1;
    const k = 'k' in b ? b.k : 0;
    if (f.unit === 'ROWS') return b.kind === 'CURRENT ROW' ? i : b.kind === 'PRECEDING' ? i - k : i + k;
    if (f.unit === 'GROUPS' || b.kind === 'CURRENT ROW') {
      const g = b.kind === 'CURRENT ROW' ? group[i]! : b.kind === 'PRECEDING' ? group[i]! - k : group[i]! + k;
      return start ? minWhere((x) => group[x]! >= g) : maxWhere((x) => group[x]! <= g);
    }
    const v = s[i]!.o;
    if (isNull(v)) return start ? minWhere((x) => peer(i, x)) : maxWhere((x) => peer(i, x));
    const sign = w.order!.desc ? -1 : 1;
    const target = (v as number) + sign * (b.kind === 'PRECEDING' ? -k : k);
    return start ? minWhere((x) => sign * collate(s[x]!.o, target) >= 0) : maxWhere((x) => sign * collate(s[x]!.o, target) <= 0);
  };
  if (j < at(f.start, true) || j > at(f.end, false)) return false;
  if (f.exclude === 'CURRENT ROW' && j === i) return false;
  if (f.exclude === 'GROUP' && peer(i, j)) return false;
  if (f.exclude === 'TIES' && j !== i && peer(i, j)) return false;
  return true;
}

function value(f: Fn, w: Win, s: Doc[], i: number, group: number[], peer: (a: number, b: number) => boolean): Value {
  const n = s.length;
  const first = s.findIndex((_, j) => peer(i, j));
  let last = first;
  while (last + 1 < n && peer(i, last + 1)) last++;
  switch (f.name) {
    case 'row_number':
      return i + 1;
    case 'rank':
      return first + 1;
    case 'dense_rank':
      return group[i]! + 1;
    case 'percent_rank':
      return n > 1 ? first / (n - 1) : 0;
    case 'cume_dist':
      return (last + 1) / n;
    case 'ntile': {
      const k = f.k!;
      const sizes = Array.from({ length: k }, (_, b) => Math.floor(n / k) + (b < n % k ? 1 : 0));
      let acc = 0;
      for (let b = 0; b < k; b++) if (i < (acc += sizes[b]!)) return b + 1;
      return null;
    }
    case 'lag':
    case 'lead': {
      const step = f.name === 'lag' ? -1 : 1;
      let left = f.k!;
      for (let j = i + step; j >= 0 && j < n; j += step) {
        if (f.ignoreNulls && isNull(s[j]!.x)) continue;
        if (--left === 0) return s[j]!.x;
      }
      return null;
    }
  }
  const frame = s.map((_, j) => j).filter((j) => inFrame(w, s, i, j, group, peer));
  const xs = frame.map((j) => s[j]!.x);
  const nums = xs.filter((x): x is number => typeof x === 'number');
  switch (f.name) {
    case 'sum':
      return nums.length ? nums.reduce((a, b) => a + b, 0) : null;
    case 'avg':
      return nums.length ? nums.reduce((a, b) => a + b, 0) / nums.length : null;
    case 'count':
      return xs.filter((x) => !isNull(x)).length;
    case 'count_star':
      return frame.length;
    case 'min':
    case 'max': {
      const vs = xs.filter((x) => !isNull(x)).sort(collate);
      return vs.length ? (f.name === 'min' ? vs[0]! : vs[vs.length - 1]!) : null;
    }
    case 'ratio_to_report': {
      const x = s[i]!.x;
      const total = nums.reduce((a, b) => a + b, 0);
      return typeof x === 'number' && nums.length && total !== 0 ? x / total : null;
    }
  }
  // FIRST_VALUE / LAST_VALUE / NTH_VALUE: the frame's rows in order; with ORDER BY and a frame
  // that is not ROWS, peers by their values' collation.
  const ties = !!w.order && w.frame?.unit !== 'ROWS';
  let order = frame.filter((j) => !f.ignoreNulls || !isNull(s[j]!.x));
  if (ties) order = [...order].sort((a, b) => group[a]! - group[b]! || collate(s[a]!.x, s[b]!.x));
  const fromLast = f.name === 'last_value' || !!f.fromLast;
  if (fromLast) order = ties ? [...order].sort((a, b) => group[b]! - group[a]! || collate(s[b]!.x, s[a]!.x)) : [...order].reverse();
  const k = f.name === 'nth_value' ? f.k! : 1;
  return order.length >= k ? s[order[k - 1]!]!.x : null;
}

describe('window functions ≡ their naive definitions', () => {
  it('for random partitions, orderings, frames and functions', async () => {
    await fc.assert(
      fc.asyncProperty(docs, fn, win, async (rows, f, w0) => {
        const w = legal(f, w0, rows);
        const stmt = statement(f, w, rows);
        const got = new Map<number, Value>();
        for (const r of (await db.query(stmt)).results as { id: number; w?: Value }[]) got.set(r.id, r.w);
        const want = naive(f, w, rows);
        for (const r of rows) {
          const g = got.get(r.id);
          const e = want.get(r.id);
          if (typeof g === 'number' && typeof e === 'number') expect(g, stmt).toBeCloseTo(e, 9);
          else expect(g, stmt).toEqual(e);
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});

/**
 * Property tests of the MEDIAN and STDDEV/VARIANCE accumulators against their definitions.
 * Runs: TOKENQL_PROPERTY_RUNS (default 300). fast-check prints the seed and path of a failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeAccumulator, quickselect } from '../../src/eval/aggregates/index.js';
import { propertyParameters } from '../../src/testing/index.js';
import type { Value } from '../../src/values/index.js';

const params = propertyParameters<unknown>(300);

/** Runs aggregate `name` over `values` as a group's rows would feed it. */
function aggregate(name: string, values: Value[], distinct = false): Value {
  const acc = makeAccumulator(name, distinct, false);
  for (const v of values) acc.add(v);
  return acc.result();
}

/** Values the numeric aggregates must skip. */
const junk = fc.constantFrom<Value>(undefined, null, 'a', '1', true, false, [1], { a: 1 });

/** Finite doubles, mixed with many repeats (small integers) so that quickselect meets equal pivots. */
const number = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }),
  fc.integer({ min: -5, max: 5 }),
);

const numbers = fc.array(number, { maxLength: 300 });
const mixed = fc.array(fc.oneof({ weight: 4, arbitrary: number }, { weight: 1, arbitrary: junk }), { maxLength: 300 });

/** -0 as 0: both are "the" middle of [0, -0], and N1QL compares them equal. */
const z = (v: Value): Value => (v === 0 ? 0 : v);

/** The median by its definition: sort, then the middle value or the mean of the two middle values. */
function sortedMiddle(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
}

describe('quickselect', () => {
  it('puts the k-th smallest at k, nothing greater before it and nothing smaller after it', () => {
    fc.assert(
      fc.property(
        fc.array(number, { minLength: 1, maxLength: 400 }).chain((xs) => fc.tuple(fc.constant(xs), fc.nat({ max: xs.length - 1 }))),
        ([xs, k]) => {
          const a = Float64Array.from(xs);
          quickselect(a, k);
          const sorted = Float64Array.from(xs).sort();
          expect(z(a[k])).toBe(z(sorted[k]));
          for (let i = 0; i < k; i++) expect(a[i] <= a[k]).toBe(true);
          for (let i = k + 1; i < a.length; i++) expect(a[i] >= a[k]).toBe(true);
          expect(Array.from(a.sort(), z)).toEqual(Array.from(sorted, z)); // a permutation
        },
      ),
      params,
    );
  });
});

describe('MEDIAN', () => {
  it('is the sorted middle of the numbers (others skipped); NULL over none', () => {
    fc.assert(
      fc.property(mixed, (values) => {
        const nums = values.filter((v): v is number => typeof v === 'number');
        // Exact equality: both sides add the same two doubles, and IEEE addition commutes.
        expect(z(aggregate('median', values))).toBe(z(sortedMiddle(nums)));
      }),
      params,
    );
  });

  it('with DISTINCT is the sorted middle of the distinct numbers', () => {
    fc.assert(
      fc.property(mixed, (values) => {
        const nums = [...new Set(values.filter((v): v is number => typeof v === 'number'))];
        expect(z(aggregate('median', values, true))).toBe(z(sortedMiddle(nums)));
      }),
      params,
    );
  });

  it('is the sorted middle of long inputs, sorted, reversed or constant (no quadratic or wrong pivot path)', () => {
    for (const n of [10_000, 10_001]) {
      const up = Array.from({ length: n }, (_, i) => i * 0.5);
      expect(aggregate('median', up)).toBe(sortedMiddle(up));
      expect(aggregate('median', [...up].reverse())).toBe(sortedMiddle(up));
      expect(aggregate('median', new Array<number>(n).fill(7))).toBe(7);
      const organ = up.map((x, i) => (i % 2 ? x : n - x));
      expect(aggregate('median', organ)).toBe(sortedMiddle(organ));
    }
  });
});

/**
 * The exact sample/population variance of integers, as a double: n·Σx² − (Σx)² over n·(n − d),
 * in BigInt (no rounding until the final division).
 */
function exactVariance(xs: number[], sample: boolean): number {
  const n = BigInt(xs.length);
  let s = 0n;
  let s2 = 0n;
  for (const x of xs) {
    s += BigInt(x);
    s2 += BigInt(x) * BigInt(x);
  }
  const num = n * s2 - s * s;
  const den = n * (sample ? n - 1n : n);
  // num / den as a double: scale the integer quotient so that the division keeps ~60 bits.
  const q = (num << 64n) / den;
  return Number(q) / 2 ** 64;
}

const ints = fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }), { minLength: 2, maxLength: 200 });

/**
 * Tolerance: the two-pass method's relative error is bounded by about n·ε + n²·ε²·κ² (Chan,
 * Golub & LeVeque, "Algorithms for computing the sample variance", 1983), ε = 2⁻⁵³, κ² =
 * 1 + mean²/variance. Here n ≤ 200, |mean| ≤ 1e6, and a nonzero variance of integers is at
 * least about 1/n, so κ² ≤ 2e14: the bound is 2.2e-14 + 1e-13 ≈ 1.2e-13. 1e-12 leaves an 8×
 * margin; a zero variance (all values equal) must be exactly 0.
 */
const REL = 1e-12;

function close(actual: Value, expected: number): void {
  expect(typeof actual).toBe('number');
  if (expected === 0) expect(actual).toBe(0);
  else expect(Math.abs((actual as number) - expected) / expected).toBeLessThan(REL);
}

describe('VARIANCE and STDDEV', () => {
  it('VAR_SAMP/VARIANCE, VAR_POP and STDDEV_* equal their definitions on random integers', () => {
    fc.assert(
      fc.property(ints, fc.array(junk, { maxLength: 5 }), (xs, noise) => {
        const values: Value[] = [...xs, ...noise];
        const samp = exactVariance(xs, true);
        const pop = exactVariance(xs, false);
        close(aggregate('var_samp', values), samp);
        close(aggregate('variance', values), samp);
        close(aggregate('variance_samp', values), samp);
        close(aggregate('var_pop', values), pop);
        close(aggregate('variance_pop', values), pop);
        close(aggregate('stddev', values), Math.sqrt(samp));
        close(aggregate('stddev_samp', values), Math.sqrt(samp));
        close(aggregate('stddev_pop', values), Math.sqrt(pop));
      }),
      params,
    );
  });

  it('STDDEV is exactly the square root of VARIANCE, on any finite doubles', () => {
    fc.assert(
      fc.property(numbers, (xs) => {
        const v = aggregate('variance', xs);
        const s = aggregate('stddev', xs);
        if (v === null) expect(s).toBeNull();
        else expect(s).toBe(Math.sqrt(v as number));
      }),
      params,
    );
  });

  it("VARIANCE is bit for bit the two-pass sum of squared deviations (the reference's computeVariance), across the kept numbers' chunk boundaries", () => {
    const sizes = fc.oneof(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 8180, max: 8200 }), fc.integer({ min: 16370, max: 24600 }));
    fc.assert(
      fc.property(sizes, fc.integer(), (n, seed) => {
        // A cheap deterministic sequence of doubles (fast-check arrays of 20,000 are slow).
        const xs: number[] = [];
        let s = seed | 0;
        for (let i = 0; i < n; i++) {
          s = (Math.imul(s, 1664525) + 1013904223) | 0;
          xs.push(s / 65536 + (i % 7) * 1e-3);
        }
        let sum = 0;
        for (const x of xs) sum += x;
        const mean = sum / n;
        let acc = 0;
        for (const x of xs) acc += (x - mean) * (x - mean);
        expect(aggregate('variance', xs)).toBe(acc / (n - 1));
        expect(aggregate('var_pop', xs)).toBe(acc / n);
      }),
      { ...params, numRuns: Math.min(30, params.numRuns ?? 30) },
    );
  });

  it('over one number: 0 for VARIANCE/STDDEV/the _POP forms, NULL for the _SAMP forms; NULL over none', () => {
    fc.assert(
      fc.property(number, fc.array(junk, { maxLength: 4 }), (x, noise) => {
        for (const name of ['variance', 'stddev', 'var_pop', 'variance_pop', 'stddev_pop']) expect(aggregate(name, [x, ...noise])).toBe(0);
        for (const name of ['var_samp', 'variance_samp', 'stddev_samp']) expect(aggregate(name, [x, ...noise])).toBeNull();
        for (const name of ['variance', 'stddev_samp', 'var_pop']) expect(aggregate(name, noise)).toBeNull();
      }),
      params,
    );
  });
});

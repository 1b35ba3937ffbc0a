/**
 * RANDOM(seed) is Go's `math/rand` sequence, as the reference computes it. Expected values: the
 * reference engine's literal answers (n1ql-reference, couchbase/query 3582af6c).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';
import { GoRand } from '../../src/eval/functions/go-math-rand.js';
import { call, MISSING, table } from './table.js';

// Per evaluation (a seed that is not a non-negative literal): the seeded generator's first value.
table('RANDOM', [
  [[1], 0.6046602879796196],
  [[42], 0.3730283610466326],
  [[0], 0.9451961492941164],
  [[2], 0.16729663442585624],
  [[-1], 0.3951876009960174],
  [[-2], 0.8328240056498365],
  [[4294967296], 0.16729663442585624],
  [[9007199254740992], 0.7825219252119339],
  [[-9007199254740992], 0.21758059486461864],
  [[1e20], 0.8328240056498365],
  [[-1e20], 0.8328240056498365],
  [[1.5], null],
  [[-0.5], null],
  [['1'], null],
  [[true], null],
  [[[1]], null],
  [[{}], null],
  [[null], null],
  [[MISSING], MISSING],
]);

describe('GoRand', () => {
  it("gives Go's math/rand Float64 sequence for seed 1", () => {
    const g = new GoRand(1);
    expect([g.float64(), g.float64(), g.float64()]).toEqual([0.6046602879796196, 0.9405090880450124, 0.6645600532184904]);
  });
});

describe('RANDOM in statements', () => {
  let db: Database;
  beforeAll(async () => {
    db = await Database.open();
  });
  afterAll(async () => {
    await db.close();
  });
  const q = async (s: string): Promise<unknown[]> => (await db.query(s)).results;

  it('without a seed is in [0, 1)', () => {
    const r = call('RANDOM') as number;
    expect(r).toBeGreaterThanOrEqual(0);
    expect(r).toBeLessThan(1);
  });

  it('two literal seeds each start their own generator', async () => {
    expect(await q('SELECT RANDOM(1) a, RANDOM(1) b, RANDOM(42) c')).toEqual([{ a: 0.6046602879796196, b: 0.6046602879796196, c: 0.3730283610466326 }]);
  });

  it('a non-negative literal seed advances one generator per row', async () => {
    expect(await q('SELECT RANDOM(1) r FROM [1,2,3] AS x')).toEqual([{ r: 0.6046602879796196 }, { r: 0.9405090880450124 }, { r: 0.6645600532184904 }]);
    // 0.5 seeds with 0; (1) and 1.0 are the literal 1.
    expect(await q('SELECT RANDOM(0.5) a, RANDOM((1)) c, RANDOM(1.0) d FROM [1,2] x')).toEqual([
      { a: 0.9451961492941164, c: 0.6046602879796196, d: 0.6046602879796196 },
      { a: 0.24496508529377975, c: 0.9405090880450124, d: 0.9405090880450124 },
    ]);
    expect(await q('SELECT RANDOM(1) a FROM [1,2] x ORDER BY a DESC')).toEqual([{ a: 0.9405090880450124 }, { a: 0.6046602879796196 }]);
    expect(await q('SELECT RANDOM(1e20) a FROM [1,2] x')).toEqual([{ a: 0.8328240056498365 }, { a: 0.7347809470961395 }]);
  });

  it('a negative literal or a per-row seed reseeds at each evaluation', async () => {
    expect(await q('SELECT RANDOM(-0) a, RANDOM(-1) e FROM [1,2] x')).toEqual([
      { a: 0.9451961492941164, e: 0.3951876009960174 },
      { a: 0.9451961492941164, e: 0.3951876009960174 },
    ]);
    expect(await q('SELECT RANDOM(x) r FROM [1,2,1] AS x')).toEqual([{ r: 0.6046602879796196 }, { r: 0.16729663442585624 }, { r: 0.6046602879796196 }]);
    expect(await q('SELECT RANDOM(-x) a FROM [1,2] x')).toEqual([{ a: 0.3951876009960174 }, { a: 0.8328240056498365 }]);
    expect(await q('SELECT RANDOM(-1.5) c, RANDOM(NULL) n, RANDOM(MISSING) m, RANDOM("1") s')).toEqual([{ c: null, n: null, s: null }]);
  });

  it('out-of-range seeds seed with -2^63, as Go on amd64', async () => {
    expect(await q('SELECT RANDOM(-9223372036854775808) e, RANDOM(9223372036854775807) f')).toEqual([{ e: 0.8328240056498365, f: 0.8328240056498365 }]);
  });
});

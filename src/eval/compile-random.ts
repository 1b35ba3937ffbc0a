import type { Expr } from '../ast/index.js';
import { GoRand, goInt64OfFloat } from './functions/go-math-rand.js';
import type { Evaluator, ExecContext } from './scope.js';

/**
 * `RANDOM(seed)` whose seed is a non-negative number literal (`RANDOM(1)`, `RANDOM(0.5)`): one
 * Go `math/rand` generator seeded with the literal truncated to an integer (0.5 → 0), whose next
 * value each evaluation takes, so `SELECT RANDOM(1) FROM [1,2,3] AS x` gives 0.6046602879796196,
 * 0.9405090880450124, 0.6645600532184904 and two `RANDOM(1)` in one projection each start again.
 * The generator lives for one statement execution (one per ExecContext). Any other seed
 * (a negative literal — the reference parses `-1` as a negation, not a constant —, a parameter,
 * an expression) is the plain function: a fresh generator per evaluation (number.ts RANDOM).
 * Returns undefined when `arg` is not such a literal.
 * Source: couchbase/query `expression/func_num.go` `NewRandom` (a `*Constant` float64 operand
 * seeds `gen` once) and `Random.Evaluate`.
 */
export function compileConstantSeedRandom(arg: Expr): Evaluator | undefined {
  if (arg.kind !== 'Literal' || typeof arg.value !== 'number') return undefined;
  const v = arg.value;
  if (!(v > 0 || Object.is(v, 0))) return undefined;
  const seed = goInt64OfFloat(v);
  const generators = new WeakMap<ExecContext, GoRand>();
  return (_env, ctx) => {
    let g = generators.get(ctx);
    if (!g) generators.set(ctx, (g = new GoRand(seed)));
    return g.float64();
  };
}

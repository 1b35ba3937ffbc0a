import { ErrorCode, QueryError } from '../errors/index.js';
import { compileExpr, rootEnv, type Env, type Evaluator, type Scope } from '../eval/index.js';
import { buildSelect } from '../planner/build-select.js';
import type { Catalog } from '../planner/catalog.js';
import type { SelectBodyPlan, SelectPlan } from '../planner/plan.js';
import type { Value } from '../values/index.js';
import { compileBlock, compileSortTerms, type CompiledBlock } from './compile-block.js';
import { offsetLimit } from './limit.js';
import { order } from './order.js';
import { asRun, type Row, type RowStream, type RunContext } from './runtime.js';
import { setOperation } from './set-ops.js';

/** A compiled SELECT: yields rows whose `out` is the result value. */
export type CompiledSelect = (outer: Env | undefined, rc: RunContext) => RowStream;

const OUT = '\u0000out';

/**
 * A LIMIT or OFFSET value as the reference reads it (execution/limit.go, offset.go): an
 * integer-valued number, a negative one counting as 0 (no rows for LIMIT, none skipped for OFFSET).
 * @throws QueryError 5030 `Invalid LIMIT value 1.5.` for anything else (a fraction, a string, NULL)
 */
function nonNegativeInt(v: Value, what: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    throw new QueryError({ code: ErrorCode.INVALID_VALUE, phase: 'execution', message: `Invalid ${what} value ${JSON.stringify(v ?? null)}.` });
  }
  return Math.max(0, v);
}

/**
 * Compiles a SELECT plan. Subqueries met in its expressions are planned against `catalog` and
 * compiled in the scope where they appear (correlated subqueries see outer names).
 */
export function compileSelect(plan: SelectPlan, catalog: Catalog, outer?: Scope): CompiledSelect {
  const subquery = (q: SelectPlan, scope: Scope) => {
    const cs = compileSelect(q, catalog, scope);
    return (env: Env | undefined, rc: RunContext) => collectValues(cs(env, rc));
  };
  const scope = scopeWithSubqueries(catalog, outer);
  const constScope: Scope = scopeWithSubqueries(catalog);
  const limit: Evaluator | undefined = plan.limit ? compileExpr(plan.limit, constScope) : undefined;
  const offset: Evaluator | undefined = plan.offset ? compileExpr(plan.offset, constScope) : undefined;
  const limitOf = (rc: RunContext) => (limit ? nonNegativeInt(limit(rootEnv(), rc), 'LIMIT') : undefined);
  const offsetOf = (rc: RunContext) => (offset ? nonNegativeInt(offset(rootEnv(), rc), 'OFFSET') : 0);
  const topN = (rc: RunContext) => {
    const l = limitOf(rc);
    return l === undefined ? undefined : l + offsetOf(rc);
  };

  const compileBody = (b: SelectBodyPlan, orderHere: boolean): CompiledBlock => {
    if (b.kind === 'Subselect') return compileBlock(b, scope, subquery, orderHere && !b.orderServed ? plan.orderBy : undefined, topN);
    const left = compileBody(b.left, false);
    const right = compileBody(b.right, false);
    return (env, rc) => setOperation(b.op, b.all, left(env, rc), right(env, rc));
  };
  const singleBlock = plan.body.kind === 'Subselect';
  const body = compileBody(plan.body, singleBlock);
  let run: CompiledSelect = body;
  if (!singleBlock && plan.orderBy?.length) {
    const terms = compileSortTerms(plan.orderBy, { names: new Set(), keyspaceAliases: [], defaultAlias: OUT });
    run = (env, rc) => order(outputEnvs(body(env, rc)), terms, rc, topN(rc));
  }
  if (!limit && !offset) return run;
  return (env, rc) => offsetLimit(run(env, rc), offsetOf(rc), limitOf(rc));
}

/** Every name a scope binds, its parents' included (the aliases a correlated subquery can use). */
function boundNames(scope: Scope): Set<string> {
  const out = new Set<string>();
  for (let s: Scope | undefined = scope; s; s = s.parent) for (const n of s.names) out.add(n);
  return out;
}

/**
 * A scope (by default the empty root scope) in which subqueries can be compiled: they are
 * planned against `catalog` and compiled where they appear, so correlated names resolve.
 */
export function scopeWithSubqueries(catalog: Catalog, outer?: Scope): Scope {
  return {
    ...(outer ?? { names: new Set<string>(), keyspaceAliases: [] }),
    compileSubquery: (q, scope) => {
      const cs = compileSelect(buildSelect(q, catalog, boundNames(scope)), catalog, scope);
      return (env, ctx) => collectValues(cs(env, asRun(ctx)));
    },
  };
}

/** Rebinds rows so that ORDER BY over a set operation sees the output row's fields. */
function* outputEnvs(s: RowStream): RowStream {
  for (const batch of s) {
    yield batch.map((r): Row => {
      const env = rootEnv();
      env[OUT] = r.out;
      return { env, out: r.out };
    });
  }
}

/** Runs a compiled stream to completion and returns the output values. */
export function collectValues(s: RowStream): Value[] {
  const out: Value[] = [];
  for (const batch of s) for (const r of batch) out.push(r.out);
  return out;
}

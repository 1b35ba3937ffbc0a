import { ErrorCode, QueryError } from '../errors/index.js';
import type { ExecContext, Scope } from '../eval/index.js';
import { planOperators, subqueryKey, type StatementPlan, type SubqueryPlan } from '../planner/index.js';
import { jsonSize, type Value } from '../values/index.js';
import { compileOperator } from './compile-operator.js';
import { correlatedPrimaryGuard } from './correlated-primary-guard.js';
import { raiseFailures } from './dml-result.js';
import { NO_INPUT, type CompileContext, type RunOperator } from './operator-context.js';
import { asRun, drainAsync, drainSync, type RunContext } from './runtime.js';

/** A compiled statement: run it with a request's context. */
export interface CompiledStatement {
  run(rc: RunContext): Promise<{ results: Value[]; mutationCount?: number }>;
  /** Runs a SELECT to its end synchronously (a statement run inside an expression: RECURSIVE_CTE). */
  runSync(rc: RunContext): Value[];
}

/**
 * The outermost compile scope of planned `subqueries` (a statement's `~subqueries`, or those of a
 * user-defined function's body): each expression subquery compiles to its plan. An
 * uncorrelated subquery runs once per execution of the statement and its rows are reused; a
 * correlated one runs for each row.
 */
export function rootScope(planned: readonly SubqueryPlan[], names: Iterable<string> = []): Scope {
  const subqueries = new Map<string, SubqueryPlan>(planned.map((s) => [s._at, s]));
  const cache = new WeakMap<ExecContext, Map<string, Value[]>>();
  const scope: Scope = {
    names: new Set(names),
    keyspaceAliases: [],
    compileSubquery: (query, scope) => {
      const key = subqueryKey(query);
      const sub = subqueries.get(key);
      if (!sub) throw new QueryError({ code: ErrorCode.INTERNAL, phase: 'execution', message: 'A subquery of the statement was not planned' });
      const run: RunOperator = compileOperator(sub.plan, { scope, base: scope, subqueries, starAliases: [], compile: compileOperator }).run;
      const guard = sub.correlated ? correlatedPrimaryGuard(sub.plan) : undefined;
      return (env, ctx) => {
        const rc = asRun(ctx);
        guard?.(rc);
        let perRun = sub.correlated ? undefined : cache.get(ctx);
        const hit = perRun?.get(key);
        if (hit) return hit;
        const out: Value[] = [];
        drainSync(run(NO_INPUT, env, rc), rc, (r) => out.push(r.out));
        if (!sub.correlated) {
          if (!perRun) cache.set(ctx, (perRun = new Map()));
          perRun.set(key, out);
        }
        return out;
      };
    },
  };
  subqueryMaps.set(scope, subqueries);
  return scope;
}

/** The subquery plans of each root scope (its operators' CompileContext needs them). */
const subqueryMaps = new WeakMap<Scope, ReadonlyMap<string, SubqueryPlan>>();

function rootContext(root: Scope): CompileContext {
  return { scope: root, base: root, subqueries: subqueryMaps.get(root)!, starAliases: [], compile: compileOperator };
}

/**
 * Runs a SELECT plan synchronously (a N1QL() call of a JavaScript function evaluated inside an
 * expression): its rows. A plan that writes raises 1020, as a write inside an expression does.
 */
export function runPlanSync(p: StatementPlan, rc: RunContext): Value[] {
  const main = compileOperator(p.plan, rootContext(rootScope(p['~subqueries']))).run;
  const out: Value[] = [];
  drainSync(main(NO_INPUT, undefined, rc), rc, (r) => {
    if (r.out !== undefined) out.push(r.out);
  });
  return out;
}

/**
 * Compiles a statement plan: its operator tree, and each expression subquery where it appears
 * (from the plan's `~subqueries`: nothing is planned here). An uncorrelated subquery runs once
 * per execution of the statement and its rows are reused; a correlated one runs for each row.
 */
export function compileStatement(p: StatementPlan): CompiledStatement {
  const root = rootScope(p['~subqueries']);
  const main = compileOperator(p.plan, rootContext(root)).run;
  const writes = [...planOperators(p)].some((op) => op['#operator'].startsWith('Send'));
  return {
    runSync(rc) {
      if (writes) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: 'A statement that writes cannot run inside an expression' });
      const results: Value[] = [];
      drainSync(main(NO_INPUT, undefined, rc), rc, (r) => {
        if (r.out !== undefined) results.push(r.out);
      });
      return results;
    },
    async run(rc) {
      const results: Value[] = [];
      // Rows without a result value (the documents a DML statement wrote, without RETURNING) are not results.
      const memory = rc.memory;
      await drainAsync(main(NO_INPUT, undefined, rc), rc, (r) => {
        if (r.out === undefined) return;
        // Result rows are held until the answer is sent: counted against the memory quota.
        if (memory) memory.add(jsonSize(r.out) + 16);
        results.push(r.out);
      });
      if (!writes) return { results };
      const dml = rc.dml ?? { mutationCount: 0, failures: [] };
      raiseFailures({ results, mutationCount: dml.mutationCount, failures: dml.failures });
      return { results, mutationCount: dml.mutationCount };
    },
  };
}

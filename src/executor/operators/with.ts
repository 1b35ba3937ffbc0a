import { childEnv, childScope, compileExpr, rootEnv, type Evaluator, type Scope } from '../../eval/index.js';
import { ErrorCode } from '../../errors/index.js';
import type { With } from '../../planner/index.js';
import type { Value } from '../../values/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { DEFAULT_RECURSION_LEVELS, recurse, withLimits } from '../../eval/recursion.js';
import { due, PAUSE, type RowStream, type RunContext } from '../runtime.js';

/** The scope CYCLE fields are read in: unqualified names are fields of the row (bound under a reserved name). */
const ROW = '\u0000row';
const rowScope: Scope = { names: new Set(), keyspaceAliases: [], defaultAlias: ROW };

interface CompiledBinding {
  alias: string;
  expr: Evaluator;
  rexpr?: Evaluator;
  union: boolean;
  config: Value;
  cycle?: Evaluator[];
}

const asRows = (v: Value): Value[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/**
 * With: evaluates each binding once per run, in order (a later binding sees the earlier ones),
 * and runs its child with them bound. A recursive binding runs its anchor clause, then its
 * recursive clause once per level with the alias bound to the previous level's new rows
 * (recursive-with.ts), honouring OPTIONS and CYCLE; it pauses between levels, so a deep
 * recursion lets the event loop run and can be cancelled. Source: couchbase/query
 * `execution/with.go`.
 */
export function compileWith(op: With, cx: CompileContext): CompiledOperator {
  let scope = cx.base;
  const bindings: CompiledBinding[] = op.bindings.map((b) => {
    const out: CompiledBinding = {
      alias: b.alias,
      expr: compileExpr(b.expr, scope),
      ...(b.rexpr ? { rexpr: compileExpr(b.rexpr, childScope(scope, [b.alias])) } : {}),
      union: !!b.is_union,
      config: b.config,
      ...(b.cycle ? { cycle: b.cycle.cycle.map((c) => compileExpr(c, rowScope)) } : {}),
    };
    scope = { ...childScope(scope, [b.alias]), withBinding: true };
    return out;
  });
  const child = cx.compile(op['~child'], { ...cx, scope, base: scope });
  return {
    // The block after a FROM subquery's WITH (its Alias) starts from the enclosing base scope:
    // the WITH names are visible only inside the subquery (gsi/subqexp case_select.json#30).
    cx: { ...child.cx, base: cx.base },
    run: function* (input, outer, rc): RowStream {
      const env = outer ? childEnv(outer) : rootEnv();
      for (const b of bindings) {
        if (!b.rexpr) {
          env[b.alias] = b.expr(env, rc);
          continue;
        }
        const value = yield* recursive(b, env, rc);
        env[b.alias] = value;
      }
      yield* child.run(input, env, rc);
    },
  };
}

/** A recursive binding's rows (pauses between levels when the request is due to yield). */
function* recursive(b: CompiledBinding, env: Record<string, Value>, rc: RunContext): Generator<typeof PAUSE, Value[]> {
  const limits = withLimits(b.config, rc.memory !== undefined);
  const cycle = b.cycle;
  const fields = cycle
    ? (row: Value): Value[] => {
        const e = rootEnv();
        e[ROW] = row;
        return cycle.map((c) => c(e, rc));
      }
    : undefined;
  const step = (previous: Value[]): Value[] => {
    const level = childEnv(env);
    level[b.alias] = previous;
    return asRows(b.rexpr!(level, rc));
  };
  const it = recurse(asRows(b.expr(env, rc)), step, limits, { union: b.union, ...(fields ? { cycle: fields } : {}) }, rc.memory ? (n) => rc.memory!.add(n) : undefined);
  for (;;) {
    const r = it.next();
    if (r.done) {
      if (r.value.stoppedAtDefault) {
        rc.warn(`Recursive WITH '${b.alias}' stopped at ${DEFAULT_RECURSION_LEVELS} level as no explicit level limit or memory quota set`, ErrorCode.WARN_RECURSION_DEPTH);
      }
      return r.value.rows;
    }
    if (due(rc)) yield PAUSE;
  }
}

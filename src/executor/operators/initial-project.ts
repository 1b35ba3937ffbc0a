import { resultNames, type Expr, type ResultTerm } from '../../ast/index.js';
import { childScope, siblingEnv } from '../../eval/index.js';
import type { InitialProject } from '../../planner/index.js';
import { isObject, type ObjectValue } from '../../values/index.js';
import { runsSubquery, type CompileContext, type CompiledOperator } from '../operator-context.js';
import { compileProjection } from '../project.js';
import { compileExclusions } from '../exclude.js';
import { due, PAUSE, ScanRow, type Row, type RowStream, type RunContext } from '../runtime.js';
import { inertExpr, projectedPaths } from '../path-readers.js';
import { sourceOf, withSource } from '../stream-source.js';

/** The plan's result terms as the AST's projection terms. */
function resultTerms(op: InitialProject): ResultTerm[] {
  return op.result_terms.map((t): ResultTerm => {
    if (t.expr === 'self') return { kind: 'Star' };
    if (t.star) return { kind: 'PathStar', expr: t.expr };
    return { kind: 'Term', expr: t.expr, ...(t.as !== undefined ? { alias: t.as } : {}) };
  });
}

/**
 * InitialProject: computes each row's result value (RAW: the term's value, a MISSING one drops
 * the row), without the EXCLUDE paths. When an Order follows (`_bindAliases`), the result aliases are bound in the row so
 * ORDER BY can name them. Over a fetched primary scan, a projection that keeps every row and
 * can neither fail nor warn (paths only, no EXCLUDE) says so on its stream,
 * with the projection of one row (stream-source.ts): an Order after it may then project only
 * the rows it keeps. Source: couchbase/query `execution/project_initial.go`.
 */
export function compileInitialProject(op: InitialProject, cx: CompileContext): CompiledOperator {
  const raw = !!op.raw;
  const projection = compileProjection(resultTerms(op), raw, cx.scope, cx.starAliases);
  const loneStar = op.result_terms.length === 1 && op.result_terms[0].expr === 'self';
  const exclusions = op.exclude?.length ? compileExclusions(op.exclude, cx.scope, loneStar) : undefined;
  const perRow = op.result_terms.some((t) => t.expr !== 'self' && runsSubquery(t.expr));
  const bind = !!op._bindAliases && projection.aliases.length > 0;
  const scope = op._bindAliases ? { ...childScope(cx.scope, projection.aliases), aggregates: cx.scope.aggregates } : cx.scope;
  /** The projected row (`row` itself when a scan made it), or undefined when a RAW value is MISSING. */
  const projectRow = (row: Row, rc: RunContext): Row | undefined => {
    let v = projection.project(row, rc);
    if (exclusions) v = exclusions.apply(v, row.env, rc);
    if (raw && v === undefined) return undefined;
    let env = row.env;
    if (bind && isObject(v)) {
      env = siblingEnv(row.env);
      for (const a of projection.aliases) env[a] = (v as ObjectValue)[a];
    }
    if (row instanceof ScanRow) {
      // A scan's row is this pipeline's own (made for this run, passed on once): filled in place.
      row.env = env;
      row.out = v;
      return row;
    }
    return { env, out: v };
  };
  // RAW never drops a row here without EXCLUDE (a MISSING value is a null row, project.ts).
  const deferrable = !exclusions && op.result_terms.every((t) => t.expr === 'self' || inertExpr(t.expr));
  if (deferrable && bind && op.result_terms.every((t) => t.expr !== 'self' && !t.star)) {
    // The aliases ORDER BY may name, each bound to the value of its path (project.ts resultValue).
    const names = resultNames(resultTerms(op));
    const paths = new Map<string, Expr>();
    op.result_terms.forEach((t, i) => {
      const e = t.expr as Expr;
      if (e.kind === 'Identifier' || e.kind === 'Field' || e.kind === 'Self') paths.set(names[i]!, e);
    });
    projectedPaths.set(scope, { base: cx.scope, paths });
  }
  return {
    cx: { ...cx, scope },
    run: (input, outer, rc) => {
      const stream = run(input, outer, rc);
      const from = deferrable ? sourceOf(input) : undefined;
      return from?.kind === 'fetched' ? withSource(stream, { kind: 'projected', fetched: from, project: projectRow }) : stream;
    },
  };
  function* run(input: RowStream, _outer: unknown, rc: RunContext): RowStream {
    for (const batch of input) {
      if (batch.length === 0) {
        yield batch;
        continue;
      }
      // The batch's rows in an array of its size (no regrowth while filling), cut to the rows kept.
      let out: Row[] = new Array(batch.length);
      let n = 0;
      for (let bi = 0, bn = batch.length; bi < bn; bi++) {
        const row = batch[bi]!;
        if (perRow && due(rc)) {
          if (n) {
            out.length = n;
            yield out;
          }
          out = new Array(batch.length);
          n = 0;
          yield PAUSE;
        }
        const r = projectRow(row, rc);
        if (r) out[n++] = r;
      }
      if (n) {
        out.length = n;
        yield out;
      }
    }
  }
}

/**
 * Visit methods for INFER, UPDATE STATISTICS and ANALYZE.
 *
 * INFER is read as what it computes: `INFER ks WITH o` is `SELECT RAW #infer_keyspace("ks", o)`
 * (one row: the array of flavors) and `(INFER ks)` in an expression or a FROM term is the call
 * itself, so `FROM (INFER ks) t` ranges over the flavors as the reference's does. The two
 * `#infer_*` functions cannot be written in a statement (`#` starts no name).
 */
import type { Expr, KeyspaceRef, Statement, UpdateStatisticsStatement } from '../ast/index.js';
import type * as C from '../../grammar/cst.js';
import type { AstBuilder } from './cst-to-ast.js';
import { defined } from './defined.js';

/** The name of the function INFER over a keyspace stands for. */
export const INFER_KEYSPACE = '#INFER_KEYSPACE';
/** The name of the function INFER over a value stands for. */
export const INFER_VALUE = '#INFER_VALUE';

function inferCall(b: AstBuilder, ctx: C.InferStatementCstChildren): Expr {
  const options: Expr[] = ctx.options ? [b.expr(ctx.options[0])] : [];
  if (ctx.keyspaceRef) {
    const ref = b.visit(ctx.keyspaceRef[0]!) as KeyspaceRef;
    const name = `${ref.namespace ?? 'default'}:${ref.path.join('.')}`;
    return { kind: 'FunctionCall', name: INFER_KEYSPACE, args: [{ kind: 'Literal', value: name }, ...options], loc: ref.loc };
  }
  return { kind: 'FunctionCall', name: INFER_VALUE, args: [b.expr(ctx.value![0]), ...options] };
}

function statisticsOf(b: AstBuilder, keyspace: KeyspaceRef, t: C.StatisticsTargetCstChildren | undefined, options: C.ExpressionCstNode[] | undefined): UpdateStatisticsStatement {
  const keys = (n: C.StatisticsKeysCstNode[] | undefined) => (n ? n[0]!.children.key.map((k) => b.expr(k)) : undefined);
  return defined({
    kind: 'UpdateStatistics',
    keyspace,
    keys: t?.deleteKeys ? undefined : keys(t?.statisticsKeys),
    deleteKeys: keys(t?.deleteKeys),
    deleteAll: t?.deleteAll ? true : undefined,
    indexes: t?.indexAll ? 'all' : t?.indexName ? t.indexName.map((n) => b.visit(n) as string) : undefined,
    options: options ? b.expr(options[0]) : undefined,
  }) as UpdateStatisticsStatement;
}

export const inferRules = {
  inferStatement(this: AstBuilder, ctx: C.InferStatementCstChildren): Statement {
    return {
      kind: 'Select',
      body: { kind: 'Subselect', distinct: false, raw: true, projection: [{ kind: 'Term', expr: inferCall(this, ctx) }] },
    };
  },
  inferSubquery(this: AstBuilder, ctx: C.InferSubqueryCstChildren): Expr {
    return inferCall(this, ctx.inferStatement[0]!.children);
  },
  updateStatisticsStatement(this: AstBuilder, ctx: C.UpdateStatisticsStatementCstChildren): Statement {
    if (ctx.forIndex) {
      // `FOR INDEX [ks.]name [ON ks]`: the index is the last part, its keyspace ON's or the rest.
      const ref = this.visit(ctx.indexRef![0]!) as KeyspaceRef;
      const on = ctx.keyspaceRef ? (this.visit(ctx.keyspaceRef[0]!) as KeyspaceRef) : { ...ref, path: ref.path.slice(0, -1) };
      return defined({ kind: 'UpdateStatistics', keyspace: on, indexes: [ref.path[ref.path.length - 1]!], options: ctx.options ? this.expr(ctx.options[0]) : undefined }) as Statement;
    }
    return statisticsOf(this, this.visit(ctx.keyspaceRef![0]!) as KeyspaceRef, ctx.statisticsTarget?.[0]?.children, ctx.options);
  },
  // Read by statisticsOf from the nodes' children.
  statisticsTarget(): undefined {
    return undefined;
  },
  statisticsKeys(): undefined {
    return undefined;
  },
  analyzeStatement(this: AstBuilder, ctx: C.AnalyzeStatementCstChildren): Statement {
    return statisticsOf(this, this.visit(ctx.keyspaceRef[0]!) as KeyspaceRef, ctx.statisticsTarget[0]!.children, ctx.options);
  },
};

/**
 * Visit methods for MERGE (couchbase/query `parser/n1ql/n1ql.y` merge rules, `algebra/merge.go`).
 * The parser's checks of the reference are made here, with its messages: USE KEYS on the target
 * (3000), the WHEN clauses in their order (UPDATE, DELETE, INSERT; each at most once).
 */
import type { Expr, ExpressionTerm, KeyspaceTerm, LetBinding, MergeInsert, MergeStatement, Returning, SetClause } from '../ast/index.js';
import type * as C from '../../grammar/cst.js';
import type { AstBuilder } from './cst-to-ast.js';
import { defined } from './defined.js';
import { ErrorCode, notSupported, QueryError } from '../errors/index.js';
import { tokenLoc } from './lexemes.js';

type Action = { update: NonNullable<MergeStatement['update']> } | { delete: NonNullable<MergeStatement['delete']> } | { insert: MergeInsert };

export const mergeRules = {
  mergeStatement(this: AstBuilder, ctx: C.MergeStatementCstChildren): MergeStatement {
    const target = this.visit(ctx.target[0]!) as KeyspaceTerm;
    if (target.useKeys) {
      // The reference points at the USE KEYS hint: the token after the target's alias.
      const use = ctx.target[0]!.children.useHints?.[0];
      const loc = use ? tokenLoc((use.children as C.UseHintsCstChildren).USE[0]!) : target.loc;
      throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'parse', message: `Keyspace reference cannot have USE KEYS hint in MERGE statement (near line ${loc?.line}, column ${loc?.column})`, position: loc, statement: this.text });
    }
    const source = this.visit(ctx.source[0]!) as KeyspaceTerm | ExpressionTerm;
    const cond = this.expr(ctx.on[0]);
    const out: MergeStatement = { kind: 'Merge', target, source, ...(ctx.onKey ? { onKey: cond } : { on: cond }), loc: tokenLoc(ctx.MERGE[0]!) };
    if (ctx.letClause) out.let = this.visit(ctx.letClause[0]!) as LetBinding[];
    // WHEN clauses: UPDATE, then DELETE, then INSERT, each at most once (the reference's grammar).
    let rank = 0;
    for (const w of ctx.mergeWhen) {
      const a = this.visit(w) as Action;
      const r = 'update' in a ? 1 : 'delete' in a ? 2 : 3;
      if (r <= rank) throw this.syntaxError('WHEN clauses of MERGE must be UPDATE, DELETE, INSERT in this order, each at most once', tokenLoc((w.children as C.MergeWhenCstChildren).WHEN[0]!));
      rank = r;
      Object.assign(out, a);
    }
    if (ctx.limitClause) out.limit = this.visit(ctx.limitClause[0]!) as Expr;
    if (ctx.returningClause) out.returning = this.visit(ctx.returningClause[0]!) as Returning;
    return out;
  },
  mergeWhen(this: AstBuilder, ctx: C.MergeWhenCstChildren): Action {
    const where = ctx.whereClause ? (this.visit(ctx.whereClause[0]!) as Expr) : undefined;
    const matched = ctx.NOT === undefined;
    if (ctx.UPDATE) {
      if (!matched) throw this.syntaxError('WHEN NOT MATCHED takes INSERT only', tokenLoc(ctx.UPDATE[0]!));
      const set = ctx.setClause ? (this.visit(ctx.setClause[0]!) as SetClause[]) : [];
      const unsetItems = ctx.unsetClause ? (this.visit(ctx.unsetClause[0]!) as SetClause[]) : [];
      if (unsetItems.some((u) => u.for)) throw notSupported('UNSET … FOR in MERGE', tokenLoc(ctx.UPDATE[0]!));
      const unset = unsetItems.map((u) => u.path);
      return { update: defined({ set, unset, where }) };
    }
    if (ctx.DELETE) {
      if (!matched) throw this.syntaxError('WHEN NOT MATCHED takes INSERT only', tokenLoc(ctx.DELETE[0]!));
      return { delete: defined({ where }) };
    }
    if (matched) throw this.syntaxError('WHEN MATCHED takes UPDATE or DELETE', tokenLoc(ctx.INSERT![0]!));
    return { insert: defined({ ...(this.visit(ctx.mergeInsert![0]!) as MergeInsert), where }) };
  },
  mergeInsert(this: AstBuilder, ctx: C.MergeInsertCstChildren): MergeInsert {
    if (ctx.legacy) return { value: this.expr(ctx.legacy[0]) };
    if (ctx.first) {
      const all = [this.expr(ctx.first[0]), ...(ctx.rest ?? []).map((e) => this.expr(e))];
      if (all.length === 1) return { value: all[0] };
      if (all.length > 3) throw this.syntaxError('INSERT of MERGE takes (key, value[, options])', all[3].loc);
      return defined({ key: all[0], value: all[1], options: all[2] });
    }
    if ((ctx.key?.length ?? 0) > 1 || (ctx.value?.length ?? 0) > 1 || (ctx.options?.length ?? 0) > 1) throw this.syntaxError('KEY, VALUE and OPTIONS may be given once each', tokenLoc(ctx.LParen![0]!));
    return defined({ key: this.optExpr(ctx.key), value: this.optExpr(ctx.value), options: this.optExpr(ctx.options) });
  },
};

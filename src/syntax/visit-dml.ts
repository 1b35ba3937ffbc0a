/**
 * Visit methods for INSERT/UPSERT, UPDATE, DELETE and RETURNING, plus EXPLAIN, PREPARE and
 * EXECUTE.
 */
import type {
  Expr, IndexHint, InsertStatement, KeyspaceRef, LetBinding, Returning, SelectStatement, SetClause, Statement,
} from '../ast/index.js';
import type * as C from '../../grammar/cst.js';
import type { AstBuilder } from './cst-to-ast.js';
import { defined } from './defined.js';
import { decodeName, decodeString } from './lexemes.js';
import type { Projection } from './visit-select.js';
import { StringLiteral } from '../../grammar/tokens.js';

type Row = { key: Expr; value?: Expr; options?: Expr };

/** The keyspace of a DML statement with its alias. */
function target(b: AstBuilder, ref: C.KeyspaceRefCstNode[], alias: C.AliasCstNode[] | undefined): KeyspaceRef {
  const keyspace = b.visit(ref[0]!) as KeyspaceRef;
  if (alias) keyspace.alias = b.visit(alias[0]!) as string;
  return keyspace;
}

/** The optional clauses shared by UPDATE and DELETE. */
function tail(b: AstBuilder, ctx: C.UpdateStatementCstChildren | C.DeleteStatementCstChildren) {
  const useKeys = ctx.useKeys ? (b.visit(ctx.useKeys[0]!) as Expr) : undefined;
  const where = ctx.whereClause ? (b.visit(ctx.whereClause[0]!) as Expr) : undefined;
  const limit = ctx.limitClause ? (b.visit(ctx.limitClause[0]!) as Expr) : undefined;
  const returning = ctx.returningClause ? (b.visit(ctx.returningClause[0]!) as Returning) : undefined;
  const let_ = ctx.letClause ? (b.visit(ctx.letClause[0]!) as LetBinding[]) : undefined;
  // `USE KEYS VALIDATE`: keys that name no document give the reference's warning 5503.
  const validateKeys = ctx.useKeys?.[0]!.children.VALIDATE ? true : undefined;
  const useIndex = ctx.useHints ? (b.visit(ctx.useHints[0]!) as { useIndex?: IndexHint[] }).useIndex : undefined;
  return { useKeys, validateKeys, useIndex, let: let_, where, limit, returning };
}

export const dmlRules = {
  insertStatement(this: AstBuilder, ctx: C.InsertStatementCstChildren): InsertStatement {
    const keyspace = target(this, ctx.keyspaceRef, ctx.alias);
    const returning = ctx.returningClause ? (this.visit(ctx.returningClause[0]!) as Returning) : undefined;
    const source = ctx.insertValues
      ? { values: this.visit(ctx.insertValues[0]!) as Row[] }
      : { select: this.visit(ctx.insertSelect![0]!) as Row & { query: SelectStatement } };
    return defined({ kind: 'Insert', upsert: ctx.UPSERT !== undefined, keyspace, ...source, returning });
  },
  insertValues(this: AstBuilder, ctx: C.InsertValuesCstChildren): Row[] {
    return ctx.valuesTuple.map((t) => this.visit(t) as Row);
  },
  valuesTuple(this: AstBuilder, ctx: C.ValuesTupleCstChildren): Row {
    return defined({ key: this.expr(ctx.key[0]), value: this.expr(ctx.value[0]), options: this.optExpr(ctx.options) });
  },
  insertSelect(this: AstBuilder, ctx: C.InsertSelectCstChildren): Row & { query: SelectStatement } {
    const row = defined({ key: this.expr(ctx.key[0]), value: this.optExpr(ctx.value), options: this.optExpr(ctx.options) });
    return { ...row, query: this.visit(ctx.selectStatement[0]!) as SelectStatement };
  },
  updateStatement(this: AstBuilder, ctx: C.UpdateStatementCstChildren): Statement {
    const keyspace = target(this, ctx.keyspaceRef, ctx.alias);
    const set = ctx.setClause ? (this.visit(ctx.setClause[0]!) as SetClause[]) : [];
    const unsetItems = ctx.unsetClause ? (this.visit(ctx.unsetClause[0]!) as SetClause[]) : [];
    const unset = unsetItems.map((u) => u.path);
    const unsetFor = unsetItems.some((u) => u.for) ? unsetItems.map((u) => u.for) : undefined;
    return defined({ kind: 'Update', keyspace, ...tail(this, ctx), set, unset, unsetFor });
  },
  setClause(this: AstBuilder, ctx: C.SetClauseCstChildren): SetClause[] {
    return ctx.setItem.map((s) => this.visit(s) as SetClause);
  },
  setItem(this: AstBuilder, ctx: C.SetItemCstChildren): SetClause {
    const set: SetClause = { path: this.expr(ctx.path[0]), value: this.expr(ctx.value[0]) };
    if (ctx.forClause) set.for = defined(this.visit(ctx.forClause[0]!) as NonNullable<SetClause['for']>);
    return set;
  },
  unsetClause(this: AstBuilder, ctx: C.UnsetClauseCstChildren): SetClause[] {
    return ctx.unsetItem.map((u) => this.visit(u) as SetClause);
  },
  /** An UNSET item as a SetClause whose `value` is unused (MISSING). */
  unsetItem(this: AstBuilder, ctx: C.UnsetItemCstChildren): SetClause {
    const item: SetClause = { path: this.expr(ctx.path[0]), value: { kind: 'Literal', value: undefined } };
    if (ctx.forClause) item.for = defined(this.visit(ctx.forClause[0]!) as NonNullable<SetClause['for']>);
    return item;
  },
  deleteStatement(this: AstBuilder, ctx: C.DeleteStatementCstChildren): Statement {
    const keyspace = target(this, ctx.keyspaceRef, ctx.alias);
    const offset = ctx.offsetClause ? (this.visit(ctx.offsetClause[0]!) as Expr) : undefined;
    return defined({ kind: 'Delete', keyspace, ...tail(this, ctx), offset });
  },
  returningClause(this: AstBuilder, ctx: C.ReturningClauseCstChildren): Returning {
    const { raw, terms } = this.visit(ctx.projection[0]!) as Projection;
    return { raw, terms };
  },
  adviseStatement(this: AstBuilder, ctx: C.AdviseStatementCstChildren): Statement {
    return { kind: 'Advise', statement: this.visit(ctx.statement[0]!) as Statement };
  },
  explainStatement(this: AstBuilder, ctx: C.ExplainStatementCstChildren): Statement {
    return { kind: 'Explain', statement: this.visit(ctx.statement[0]!) as Statement };
  },
  prepareStatement(this: AstBuilder, ctx: C.PrepareStatementCstChildren): Statement {
    const name = ctx.objectName ? (this.visit(ctx.objectName[0]!) as string) : undefined;
    const inner = ctx.statement[0]!;
    const force = ctx.FORCE ? true : undefined;
    const save = ctx.save ? true : undefined;
    return defined({ kind: 'Prepare', name, statement: this.visit(inner) as Statement, text: this.sourceOf(inner), force, save });
  },
  executeStatement(this: AstBuilder, ctx: C.ExecuteStatementCstChildren): Statement {
    const name = this.visit(ctx.objectName[0]!) as string;
    return defined({ kind: 'Execute', name, using: this.optExpr(ctx.expression) });
  },
  /** An identifier or a string literal used as a name. */
  objectName(this: AstBuilder, ctx: C.ObjectNameCstChildren): string {
    const t = (ctx.Identifier ?? ctx.StringLiteral)![0]!;
    return t.tokenType === StringLiteral ? decodeString(t, this.text) : decodeName(t).name;
  },
};

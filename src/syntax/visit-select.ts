/**
 * Visit methods for SELECT: set operations, subselects, projections, FROM terms (keyspaces,
 * expressions, UNNEST), LET, WHERE, GROUP BY / LETTING / HAVING, ORDER BY, LIMIT and OFFSET.
 */
import type { CstNode } from 'chevrotain';
import type {
  Expr, ExpressionTerm, FromTerm, GroupBy, IndexHint, JoinHint, JoinTerm, KeyspaceRef, KeyspaceTerm, LetBinding, OrderTerm, ResultTerm,
  NamedWindow, SelectBody, SelectStatement, Statement, Subselect, WithBinding, WithClause,
} from '../ast/index.js';
import type * as C from '../../grammar/cst.js';
import * as T from '../../grammar/tokens.js';
import type { AstBuilder } from './cst-to-ast.js';
import { decodeName, nodeLoc, spanLoc, tokenLoc } from './lexemes.js';
import { resolveWindowNames } from './visit-window.js';

/** The hints of a `USE …` clause on a FROM term. */
interface UseHints {
  useKeys?: Expr;
  validateKeys?: boolean;
  useIndex?: IndexHint[];
  joinHint?: JoinHint;
}

/** A projection: `raw` with one term, or a list of terms. */
export interface Projection {
  raw: boolean;
  terms: ResultTerm[];
}

export const selectRules = {
  statement(this: AstBuilder, ctx: C.StatementCstChildren): Statement {
    const [child] = Object.values(ctx) as CstNode[][];
    const s = this.visit(child![0]!) as Statement;
    s.loc ??= nodeLoc(child![0]!);
    return s;
  },
  selectStatement(this: AstBuilder, ctx: C.SelectStatementCstChildren): SelectStatement {
    const withClause = ctx.withClause ? (this.visit(ctx.withClause[0]!) as WithClause) : undefined;
    const body = this.visit(ctx.body[0]!) as SelectBody;
    const orderBy = ctx.orderByClause ? (this.visit(ctx.orderByClause[0]!) as OrderTerm[]) : undefined;
    const limit = ctx.limitClause ? (this.visit(ctx.limitClause[0]!) as Expr) : undefined;
    const offset = ctx.offsetClause ? (this.visit(ctx.offsetClause[0]!) as Expr) : undefined;
    // Window names in ORDER BY resolve against the block's WINDOW clause.
    if (orderBy) resolveWindowNames(orderBy.map((o) => o.expr), body.kind === 'Subselect' ? (body.window ?? []) : []);
    return { kind: 'Select', ...(withClause ? { with: withClause } : {}), body, ...(orderBy ? { orderBy } : {}), ...(limit ? { limit } : {}), ...(offset ? { offset } : {}) };
  },
  withClause(this: AstBuilder, ctx: C.WithClauseCstChildren): WithClause {
    return { recursive: ctx.RECURSIVE !== undefined, bindings: ctx.withTerm.map((t) => this.visit(t) as WithBinding), loc: tokenLoc(ctx.WITH[0]!) };
  },
  withTerm(this: AstBuilder, ctx: C.WithTermCstChildren): WithBinding {
    const expr = this.expr((ctx.subquery ?? ctx.parenthesised)![0]);
    const cycle = ctx.cycle?.map((c) => this.expr(c));
    const options = ctx.options ? this.expr(ctx.options[0]) : undefined;
    return { alias: decodeName(ctx.name[0]!).name, expr, ...(cycle ? { cycle } : {}), ...(options ? { options } : {}), loc: tokenLoc(ctx.name[0]!) };
  },
  setExpression(this: AstBuilder, ctx: C.SetExpressionCstChildren): SelectBody {
    let acc = this.visit(ctx.lhs[0]!) as SelectBody;
    const alls = ctx.ALL ?? [];
    (ctx.rhs ?? []).forEach((operand, i) => {
      const opTok = ctx.op![i]!;
      const all = alls.some((a) => a.startOffset > opTok.startOffset && a.startOffset < operand.location!.startOffset);
      const op = opTok.tokenType === T.Union ? 'UNION' : opTok.tokenType === T.Intersect ? 'INTERSECT' : 'EXCEPT';
      acc = { kind: 'SetOperation', op, all, left: acc, right: this.visit(operand) as SelectBody, loc: acc.loc };
    });
    return acc;
  },
  setOperand(this: AstBuilder, ctx: C.SetOperandCstChildren): SelectBody {
    if (ctx.subselect) return this.visit(ctx.subselect[0]!) as SelectBody;
    const inner = this.visit(ctx.selectStatement![0]!) as SelectStatement;
    if (inner.orderBy || inner.limit || inner.offset) {
      throw this.syntaxError('ORDER BY, LIMIT and OFFSET apply to the whole set operation, not to one parenthesised operand', inner.orderBy?.[0]?.expr.loc ?? inner.limit?.loc ?? inner.offset?.loc);
    }
    return inner.with ? { ...inner.body, with: inner.with } : inner.body;
  },
  subselect(this: AstBuilder, ctx: C.SubselectCstChildren): Subselect {
    const { distinct, raw, terms } = this.visit(ctx.selectClause[0]!) as Projection & { distinct: boolean };
    const from = ctx.fromClause ? (this.visit(ctx.fromClause[0]!) as FromTerm) : undefined;
    const lets = ctx.letClause ? (this.visit(ctx.letClause[0]!) as LetBinding[]) : undefined;
    const where = ctx.whereClause ? (this.visit(ctx.whereClause[0]!) as Expr) : undefined;
    const groupBy = ctx.groupByClause ? (this.visit(ctx.groupByClause[0]!) as GroupBy) : undefined;
    const window = ctx.windowClause ? (this.visit(ctx.windowClause[0]!) as NamedWindow[]) : undefined;
    resolveWindowNames(blockExprs(terms, lets, where, groupBy), window ?? []);
    return {
      kind: 'Subselect', distinct, raw, projection: terms,
      ...(from ? { from } : {}), ...(lets ? { let: lets } : {}), ...(where ? { where } : {}), ...(groupBy ? { groupBy } : {}), ...(window ? { window } : {}),
      loc: nodeLoc(ctx.selectClause[0]!),
    };
  },
  selectClause(this: AstBuilder, ctx: C.SelectClauseCstChildren): Projection & { distinct: boolean } {
    return { distinct: ctx.DISTINCT !== undefined, ...(this.visit(ctx.projection[0]!) as Projection) };
  },
  projection(this: AstBuilder, ctx: C.ProjectionCstChildren): Projection {
    if (ctx.raw) {
      const expr = this.expr(ctx.expression![0]);
      const alias = ctx.alias ? (this.visit(ctx.alias[0]!) as string) : undefined;
      return { raw: true, terms: [{ kind: 'Term', expr, ...(alias !== undefined ? { alias } : {}), loc: expr.loc }] };
    }
    return { raw: false, terms: ctx.resultTerm!.map((t) => this.visit(t) as ResultTerm) };
  },
  resultTerm(this: AstBuilder, ctx: C.ResultTermCstChildren): ResultTerm {
    if (ctx.Star) return { kind: 'Star', loc: tokenLoc(ctx.Star[0]!) };
    const expr = this.expr(ctx.expression![0]);
    if (ctx.pathStar) return { kind: 'PathStar', expr, loc: expr.loc };
    const alias = ctx.alias ? (this.visit(ctx.alias[0]!) as string) : undefined;
    return { kind: 'Term', expr, ...(alias !== undefined ? { alias } : {}), loc: expr.loc };
  },
  alias(this: AstBuilder, ctx: C.AliasCstChildren): string {
    return decodeName(ctx.name[0]!).name;
  },
  fromClause(this: AstBuilder, ctx: C.FromClauseCstChildren): FromTerm {
    let acc = this.visit(ctx.fromSource[0]!) as FromTerm;
    // UNNEST, JOIN/NEST and comma terms are collected per rule by the CST: restore their order.
    const steps: CstNode[] = [...(ctx.unnestClause ?? []), ...(ctx.joinClause ?? []), ...(ctx.commaJoin ?? [])];
    steps.sort((a, b) => a.location!.startOffset - b.location!.startOffset);
    for (const st of steps) acc = this.visit(st, acc) as FromTerm;
    return acc;
  },
  fromSource(this: AstBuilder, ctx: C.FromSourceCstChildren): KeyspaceTerm | ExpressionTerm {
    return this.visit((ctx.keyspaceTerm ?? ctx.expressionTerm)![0]!) as KeyspaceTerm | ExpressionTerm;
  },
  keyspaceTerm(this: AstBuilder, ctx: C.KeyspaceTermCstChildren): FromTerm {
    const keyspace = this.visit(ctx.keyspaceRef[0]!) as KeyspaceRef;
    if (ctx.alias) keyspace.alias = this.visit(ctx.alias[0]!) as string;
    const hints = ctx.useHints ? (this.visit(ctx.useHints[0]!) as UseHints) : {};
    return { kind: 'KeyspaceTerm', keyspace, ...hints, loc: keyspace.loc };
  },
  expressionTerm(this: AstBuilder, ctx: C.ExpressionTermCstChildren): FromTerm {
    const expr = this.expr(ctx.expression[0]);
    const alias = ctx.alias ? (this.visit(ctx.alias[0]!) as string) : undefined;
    const hints = ctx.useHints ? (this.visit(ctx.useHints[0]!) as UseHints) : {};
    if (hints.useKeys || hints.useIndex) throw this.syntaxError('USE KEYS and USE INDEX apply to keyspaces only', expr.loc);
    const aliasLoc = ctx.alias ? nodeLoc(ctx.alias[0]!) : undefined;
    return { kind: 'ExpressionTerm', expr, ...(alias !== undefined ? { alias, aliasLoc } : {}), ...(hints.joinHint ? { joinHint: hints.joinHint } : {}), loc: expr.loc };
  },
  useHints(this: AstBuilder, ctx: C.UseHintsCstChildren): UseHints {
    const out: UseHints = {};
    for (const h of ctx.useHint) {
      const one = this.visit(h) as UseHints;
      const dup = (one.useKeys && out.useKeys) || (one.useIndex && out.useIndex) || (one.joinHint && out.joinHint);
      if (dup || (one.useKeys && out.useIndex) || (one.useIndex && out.useKeys)) throw this.syntaxError('Keyspace hints (USE KEYS, USE INDEX, USE HASH, USE NL) may be given at most once each, and USE KEYS not with USE INDEX', nodeLoc(h));
      Object.assign(out, one);
    }
    return out;
  },
  useHint(this: AstBuilder, ctx: C.UseHintCstChildren): UseHints {
    if (ctx.keys) return { useKeys: this.expr(ctx.keys[0]), ...(ctx.VALIDATE ? { validateKeys: true } : {}) };
    if (ctx.INDEX) return { useIndex: (ctx.indexRef ?? []).map((r) => this.visit(r) as IndexHint) };
    if (ctx.HASH) return { joinHint: ctx.side![0]!.tokenType === T.Build ? 'HASH_BUILD' : 'HASH_PROBE' };
    return { joinHint: 'NL' };
  },
  indexRef(this: AstBuilder, ctx: C.IndexRefCstChildren): IndexHint {
    const name = decodeName(ctx.name[0]!).name;
    return ctx.using ? { name, using: decodeName(ctx.using[0]!).name.toUpperCase() } : { name };
  },
  joinClause(this: AstBuilder, ctx: C.JoinClauseCstChildren, left: FromTerm): FromTerm {
    const right = this.visit(ctx.fromSource[0]!) as KeyspaceTerm | ExpressionTerm;
    const type = ctx.LEFT ? 'LEFT' : ctx.RIGHT ? 'RIGHT' : 'INNER';
    const out: JoinTerm = { kind: 'JoinTerm', left, right, nest: ctx.NEST !== undefined, type, loc: tokenLoc((ctx.JOIN ?? ctx.NEST)![0]!) };
    if (ctx.LATERAL) out.lateral = true;
    if (ctx.onKeys) {
      out.onKeys = this.expr(ctx.onKeys[0]);
      if (ctx.VALIDATE) out.validate = true;
    } else if (ctx.onKey) {
      out.onKey = this.expr(ctx.onKey[0]);
      out.forAlias = decodeName(ctx.forAlias![0]!).name;
    } else {
      out.on = this.expr(ctx.on![0]);
    }
    return out;
  },
  commaJoin(this: AstBuilder, ctx: C.CommaJoinCstChildren, left: FromTerm): FromTerm {
    const right = this.visit(ctx.fromSource[0]!) as KeyspaceTerm | ExpressionTerm;
    return { kind: 'JoinTerm', left, right, nest: false, type: 'INNER', comma: true, ...(ctx.LATERAL ? { lateral: true } : {}), loc: right.loc };
  },
  keyspaceRef(this: AstBuilder, ctx: C.KeyspaceRefCstChildren): KeyspaceRef {
    const namespace = ctx.namespace ? decodeName(ctx.namespace[0]!).name : undefined;
    const path = ctx.part.map((t) => decodeName(t).name);
    const loc = spanLoc(tokenLoc((ctx.namespace ?? ctx.part)[0]!), tokenLoc(ctx.part[ctx.part.length - 1]!));
    return { ...(namespace !== undefined ? { namespace } : {}), path, loc };
  },
  useKeys(this: AstBuilder, ctx: C.UseKeysCstChildren): Expr {
    return this.expr(ctx.expression[0]);
  },
  unnestClause(this: AstBuilder, ctx: C.UnnestClauseCstChildren, left: FromTerm): FromTerm {
    const expr = this.expr(ctx.expression[0]);
    const alias = ctx.alias ? (this.visit(ctx.alias[0]!) as string) : undefined;
    const aliasLoc = ctx.alias ? nodeLoc(ctx.alias[0]!) : undefined;
    return { kind: 'UnnestTerm', left, outer: ctx.LEFT !== undefined, expr, ...(alias !== undefined ? { alias, aliasLoc } : {}), loc: expr.loc };
  },
  letClause(this: AstBuilder, ctx: C.LetClauseCstChildren): LetBinding[] {
    return ctx.letBinding.map((b) => this.visit(b) as LetBinding);
  },
  letBinding(this: AstBuilder, ctx: C.LetBindingCstChildren): LetBinding {
    const t = ctx.name[0]!;
    return { name: decodeName(t).name, expr: this.expr(ctx.expression[0]), loc: tokenLoc(t) };
  },
  whereClause(this: AstBuilder, ctx: C.WhereClauseCstChildren): Expr {
    return this.expr(ctx.expression[0]);
  },
  groupByClause(this: AstBuilder, ctx: C.GroupByClauseCstChildren): GroupBy {
    const keys = ctx.groupKey.map((k) => this.visit(k) as { expr: Expr; alias?: string });
    const letting = ctx.letBinding?.map((b) => this.visit(b) as LetBinding);
    const having = this.optExpr(ctx.having);
    return { keys, ...(letting ? { letting } : {}), ...(having ? { having } : {}) };
  },
  groupKey(this: AstBuilder, ctx: C.GroupKeyCstChildren): { expr: Expr; alias?: string } {
    const alias = ctx.alias ? (this.visit(ctx.alias[0]!) as string) : undefined;
    return { expr: this.expr(ctx.expression[0]), ...(alias !== undefined ? { alias } : {}) };
  },
  orderByClause(this: AstBuilder, ctx: C.OrderByClauseCstChildren): OrderTerm[] {
    return ctx.orderTerm.map((t) => this.visit(t) as OrderTerm);
  },
  orderTerm(this: AstBuilder, ctx: C.OrderTermCstChildren): OrderTerm {
    const nullsPosition = ctx.nullsPosition ? (this.visit(ctx.nullsPosition[0]!) as Expr) : undefined;
    const nulls = ctx.NULLS && !nullsPosition ? (ctx.FIRST ? 'FIRST' : 'LAST') : undefined;
    const direction = ctx.direction ? (this.visit(ctx.direction[0]!) as Expr) : undefined;
    return { expr: this.expr(ctx.expression[0]), desc: ctx.DESC !== undefined, ...(nulls ? { nulls } : {}), ...(direction ? { direction } : {}), ...(nullsPosition ? { nullsPosition } : {}) };
  },
  orderParameter(this: AstBuilder, ctx: C.OrderParameterCstChildren): Expr {
    if (ctx.Identifier) {
      const t = ctx.Identifier[0]!;
      return { kind: 'Identifier', name: decodeName(t).name, loc: tokenLoc(t) };
    }
    const t = (ctx.NamedParam ?? ctx.PositionalParam ?? ctx.Question)![0]!;
    if (ctx.NamedParam) return { kind: 'NamedParam', name: t.image.slice(1), loc: tokenLoc(t) };
    if (ctx.PositionalParam) return { kind: 'PositionalParam', position: Number(t.image.slice(1)), loc: tokenLoc(t) };
    return { kind: 'PositionalParam', position: this.questionNumber(t), loc: tokenLoc(t) };
  },
  limitClause(this: AstBuilder, ctx: C.LimitClauseCstChildren): Expr {
    return this.expr(ctx.expression[0]);
  },
  offsetClause(this: AstBuilder, ctx: C.OffsetClauseCstChildren): Expr {
    return this.expr(ctx.expression[0]);
  },
};

/** The expressions of a block whose window function calls resolve against its WINDOW clause. */
function blockExprs(terms: ResultTerm[], lets: LetBinding[] | undefined, where: Expr | undefined, groupBy: GroupBy | undefined): Expr[] {
  const out = terms.flatMap((t) => (t.kind === 'Star' ? [] : [t.expr]));
  for (const l of lets ?? []) out.push(l.expr);
  if (where) out.push(where);
  for (const k of groupBy?.keys ?? []) out.push(k.expr);
  for (const l of groupBy?.letting ?? []) out.push(l.expr);
  if (groupBy?.having) out.push(groupBy.having);
  return out;
}

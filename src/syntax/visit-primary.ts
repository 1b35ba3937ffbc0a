/**
 * Visit methods for primary expressions: literals, constructors, parameters, parentheses,
 * subqueries, CASE, ANY/EVERY, ARRAY/FIRST/OBJECT … FOR, EXISTS, identifiers and function calls.
 */
import type { ArrayFor, Binding, Expr, FlattenKeyAttrs, SelectStatement, WindowSpec } from '../ast/index.js';
import { printExpr } from '../ast/print.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import type * as C from '../../grammar/cst.js';
import * as T from '../../grammar/tokens.js';
import type { AstBuilder } from './cst-to-ast.js';
import { decodeName, decodeNumber, decodeString, tokenLoc } from './lexemes.js';

/** The functions that take RESPECT|IGNORE NULLS (couchbase/query n1ql.y opt_nulls_treatment). */
const VALUE_FUNCTIONS = new Set(['first_value', 'last_value', 'nth_value', 'lag', 'lead']);

export const primaryRules = {
  primaryExpression(this: AstBuilder, ctx: C.PrimaryExpressionCstChildren): Expr {
    if (ctx.NamedParam) {
      const t = ctx.NamedParam[0]!;
      return { kind: 'NamedParam', name: t.image.slice(1), loc: tokenLoc(t) };
    }
    if (ctx.PositionalParam) {
      const t = ctx.PositionalParam[0]!;
      return { kind: 'PositionalParam', position: Number(t.image.slice(1)), loc: tokenLoc(t) };
    }
    if (ctx.Question) {
      const t = ctx.Question[0]!;
      return { kind: 'PositionalParam', position: this.questionNumber(t), loc: tokenLoc(t) };
    }
    if (ctx.SELF) return { kind: 'Self', loc: tokenLoc(ctx.SELF[0]!) };
    const [child] = Object.values(ctx) as C.PrimaryExpressionCstChildren['literal'][];
    return this.expr(child![0]);
  },
  literal(this: AstBuilder, ctx: C.LiteralCstChildren): Expr {
    const t = (ctx.NumberLiteral ?? ctx.StringLiteral ?? ctx.TRUE ?? ctx.FALSE ?? ctx.NULL ?? ctx.MISSING)![0]!;
    const loc = tokenLoc(t);
    switch (t.tokenType) {
      case T.NumberLiteral:
        return { kind: 'Literal', value: decodeNumber(t), loc };
      case T.StringLiteral:
        return { kind: 'Literal', value: decodeString(t, this.text), loc };
      case T.True:
        return { kind: 'Literal', value: true, loc };
      case T.False:
        return { kind: 'Literal', value: false, loc };
      case T.Null:
        return { kind: 'Literal', value: null, loc };
      default:
        return { kind: 'Literal', value: undefined, loc };
    }
  },
  arrayConstruct(this: AstBuilder, ctx: C.ArrayConstructCstChildren): Expr {
    return { kind: 'ArrayConstruct', items: (ctx.item ?? []).map((n) => this.expr(n)) };
  },
  objectConstruct(this: AstBuilder, ctx: C.ObjectConstructCstChildren): Expr {
    const fields = (ctx.objectField ?? []).map((n) => this.visit(n) as { name: Expr; value: Expr } | { missing: Expr });
    // Every shorthand member without a name is reported at once, as the reference does.
    const bad = fields.flatMap((f) => ('missing' in f ? [f.missing] : []));
    if (bad.length) {
      const text = bad.map((e) => `Object member missing name or value: ${printExpr(e)}${e.loc ? ` (near line ${e.loc.line}, column ${e.loc.column})` : ''}`).join(' \n ');
      throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'parse', message: text, position: bad[0]!.loc, statement: this.text });
    }
    return { kind: 'ObjectConstruct', fields: fields as { name: Expr; value: Expr }[] };
  },
  /**
   * `name: value`, or the shorthand `path` (`{a, b.c}`): the member named after the path's last
   * step (an identifier or a field), its value the path. Any other shorthand member has no name.
   * Source: couchbase/query `parser/n1ql/n1ql.y` (object members), checked against the reference.
   */
  objectField(this: AstBuilder, ctx: C.ObjectFieldCstChildren): { name: Expr; value: Expr } | { missing: Expr } {
    const name = this.expr(ctx.name[0]);
    if (ctx.value) return { name, value: this.expr(ctx.value[0]) };
    if (name.kind !== 'Identifier' && name.kind !== 'Field') return { missing: name };
    return { name: { kind: 'Literal', value: name.name, loc: name.loc }, value: name };
  },
  subquery(this: AstBuilder, ctx: C.SubqueryCstChildren): Expr {
    return { kind: 'Subquery', query: this.visit(ctx.selectStatement[0]!) as SelectStatement };
  },
  parenthesised(this: AstBuilder, ctx: C.ParenthesisedCstChildren): Expr {
    return this.expr(ctx.expression[0]);
  },
  caseExpression(this: AstBuilder, ctx: C.CaseExpressionCstChildren): Expr {
    const subject = this.optExpr(ctx.subject);
    const whens = ctx.when.map((w, i) => ({ when: this.expr(w), then: this.expr(ctx.then[i]) }));
    const otherwise = this.optExpr(ctx.else);
    return { kind: 'Case', ...(subject ? { subject } : {}), whens, ...(otherwise ? { else: otherwise } : {}) };
  },
  collectionExpression(this: AstBuilder, ctx: C.CollectionExpressionCstChildren): Expr {
    const quantifier = ctx.quantifier![0]!.tokenType === T.Every ? 'EVERY' : ctx.andEvery ? 'ANY AND EVERY' : 'ANY';
    const bindings = this.visit(ctx.bindings[0]!) as Binding[];
    return { kind: 'Collection', quantifier, bindings, satisfies: this.expr(ctx.satisfies[0]) };
  },
  arrayForExpression(this: AstBuilder, ctx: C.ArrayForExpressionCstChildren): Expr {
    const first = ctx.kind![0]!.tokenType === T.First;
    const mapping = this.expr(ctx.mapping[0]);
    const { bindings, when } = this.visit(ctx.forClause[0]!) as ForClause;
    return { kind: 'ArrayFor', first, mapping, bindings, ...(when ? { when } : {}) };
  },
  nestedArrayKey(this: AstBuilder, ctx: C.NestedArrayKeyCstChildren): Expr {
    const inner = this.visit((ctx.arrayForExpression ?? [])[0]!) as ArrayFor;
    if (inner.first) throw this.syntaxError('FIRST out of place', tokenLoc(ctx.LParen[0]!));
    return { ...inner, array: ctx.distinct ? 'DISTINCT' : 'ALL' };
  },
  objectForExpression(this: AstBuilder, ctx: C.ObjectForExpressionCstChildren): Expr {
    const name = this.expr(ctx.name[0]);
    const value = this.expr(ctx.value[0]);
    const { bindings, when } = this.visit(ctx.forClause[0]!) as ForClause;
    return { kind: 'ObjectFor', name, value, bindings, ...(when ? { when } : {}) };
  },
  forClause(this: AstBuilder, ctx: C.ForClauseCstChildren): ForClause {
    return { bindings: this.visit(ctx.bindings[0]!) as Binding[], when: this.optExpr(ctx.when) };
  },
  bindings(this: AstBuilder, ctx: C.BindingsCstChildren): Binding[] {
    return ctx.binding.map((b) => this.visit(b) as Binding);
  },
  binding(this: AstBuilder, ctx: C.BindingCstChildren): Binding {
    const variable = decodeName(ctx.variable[0]!).name;
    const expr = this.expr(ctx.expression[0]);
    const nameVariable = ctx.nameVariable ? decodeName(ctx.nameVariable[0]!).name : undefined;
    return { variable, ...(nameVariable !== undefined ? { nameVariable } : {}), within: ctx.WITHIN !== undefined, expr, loc: tokenLoc((ctx.nameVariable ?? ctx.variable)[0]!) };
  },
  existsExpression(this: AstBuilder, ctx: C.ExistsExpressionCstChildren): Expr {
    return { kind: 'Exists', operand: this.expr(ctx.postfixExpression[0]) };
  },
  identifierOrCall(this: AstBuilder, ctx: C.IdentifierOrCallCstChildren): Expr {
    const t = ctx.name[0]!;
    const { name, caseInsensitive } = decodeName(t);
    if (!ctx.call) return { kind: 'Identifier', name, ...(caseInsensitive ? { caseInsensitive } : {}), loc: tokenLoc(t) };
    const args = (ctx.arg ?? []).map((n) => this.expr(n));
    const keyAttrs = ctx.keyAttr ? flattenKeyAttrs(this, ctx, args.length) : undefined;
    const nulls = ctx.nullsTreatment?.[0];
    if (nulls && !VALUE_FUNCTIONS.has(name.toLowerCase())) {
      // The reference's parser error, at the RESPECT|IGNORE token.
      const at = tokenLoc(nulls);
      throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'parse', message: `RESPECT|IGNORE NULLS syntax is not valid for function ${name.toUpperCase()} (near line ${at.line}, column ${at.column}).`, position: at });
    }
    return {
      kind: 'FunctionCall',
      name: name.toLowerCase(),
      args,
      ...(ctx.DISTINCT ? { distinct: true } : {}),
      ...(ctx.Star ? { star: true } : {}),
      ...(keyAttrs ? { keyAttrs } : {}),
      ...(ctx.filter ? { filter: this.expr(ctx.filter[0]) } : {}),
      ...(ctx.fromEnd?.[0]?.tokenType === T.Last ? { fromLast: true } : {}),
      ...(ctx.nullsTreatment?.[0]?.tokenType === T.Ignore ? { ignoreNulls: true } : {}),
      ...(ctx.OVER ? { over: ctx.windowRef ? ({ ref: decodeName(ctx.windowRef[0]!).name, bare: true, partitionBy: [] } as WindowSpec) : (this.visit(ctx.windowSpec![0]!) as WindowSpec) } : {}),
    };
  },
};

/**
 * The ASC/DESC and INCLUDE MISSING of each FLATTEN_KEYS argument: an attribute belongs to the
 * argument before it (the commas before the attribute count the argument). A direction or
 * INCLUDE MISSING written twice on one argument is a syntax error.
 */
function flattenKeyAttrs(b: AstBuilder, ctx: C.IdentifierOrCallCstChildren, n: number): FlattenKeyAttrs[] {
  const commas = (ctx.Comma ?? []).map((t) => t.startOffset);
  const out: FlattenKeyAttrs[] = Array.from({ length: n }, () => ({}));
  const seen: { dir: boolean; missing: boolean }[] = out.map(() => ({ dir: false, missing: false }));
  for (const t of ctx.keyAttr ?? []) {
    const i = commas.filter((o) => o < t.startOffset).length;
    const a = out[i]!;
    const isDir = t.tokenType === T.Asc || t.tokenType === T.Desc;
    if (isDir ? seen[i]!.dir : seen[i]!.missing) throw b.syntaxError(`${t.image.toUpperCase()} out of place`, tokenLoc(t));
    if (isDir) {
      seen[i]!.dir = true;
      if (t.tokenType === T.Desc) a.desc = true;
    } else {
      seen[i]!.missing = true;
      a.includeMissing = true;
    }
  }
  return out;
}

interface ForClause {
  bindings: Binding[];
  when?: Expr;
}

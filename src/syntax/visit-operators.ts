/**
 * Visit methods for the operator levels of the expression grammar: OR, AND, NOT, comparisons
 * (= != < … LIKE IN BETWEEN IS), `||`, + -, * / %, unary minus and postfix paths.
 */
import type { CstNode, IToken, TokenType } from 'chevrotain';
import type { BinaryOp, Expr } from '../ast/index.js';
import type * as C from '../../grammar/cst.js';
import * as T from '../../grammar/tokens.js';
import type { AstBuilder } from './cst-to-ast.js';
import { decodeName, spanLoc, tokenLoc } from './lexemes.js';

const comparisonOps = new Map<TokenType, BinaryOp>([
  [T.Equals, '='],
  [T.DoubleEquals, '='],
  [T.NotEquals, '!='],
  [T.LessGreater, '!='],
  [T.Less, '<'],
  [T.LessEquals, '<='],
  [T.Greater, '>'],
  [T.GreaterEquals, '>='],
]);

/** Folds `operands` left to right with the operator of each step. */
function leftFold(b: AstBuilder, operands: CstNode[], opOf: (i: number) => BinaryOp): Expr {
  let acc = b.expr(operands[0]);
  for (let i = 1; i < operands.length; i++) {
    const right = b.expr(operands[i]);
    acc = { kind: 'Binary', op: opOf(i - 1), left: acc, right, loc: spanLoc(acc.loc, right.loc) };
  }
  return acc;
}

const opImage = (t: IToken) => t.image as BinaryOp;

export const operatorRules = {
  expression(this: AstBuilder, ctx: C.ExpressionCstChildren): Expr {
    return this.expr(ctx.orExpression[0]);
  },
  orExpression(this: AstBuilder, ctx: C.OrExpressionCstChildren): Expr {
    return leftFold(this, ctx.operand, () => 'OR');
  },
  andExpression(this: AstBuilder, ctx: C.AndExpressionCstChildren): Expr {
    return leftFold(this, ctx.operand, () => 'AND');
  },
  notExpression(this: AstBuilder, ctx: C.NotExpressionCstChildren): Expr {
    if (ctx.comparisonExpression) return this.expr(ctx.comparisonExpression[0]);
    return { kind: 'Unary', op: 'NOT', operand: this.expr(ctx.notExpression![0]), loc: tokenLoc(ctx.NOT![0]!) };
  },
  comparisonExpression(this: AstBuilder, ctx: C.ComparisonExpressionCstChildren): Expr {
    let acc = this.expr(ctx.operand[0]);
    for (const tail of ctx.comparisonTail ?? []) {
      const start = acc.loc;
      acc = this.visit(tail, acc) as Expr;
      acc.loc = spanLoc(start, acc.loc) ?? acc.loc;
    }
    return acc;
  },
  /** One comparison applied to `operand` (the expression on its left). */
  comparisonTail(this: AstBuilder, ctx: C.ComparisonTailCstChildren, operand: Expr): Expr {
    const not = ctx.NOT !== undefined;
    const right = this.optExpr(ctx.right);
    const loc = right?.loc;
    if (ctx.ComparisonOp) return { kind: 'Binary', op: comparisonOps.get(ctx.ComparisonOp[0]!.tokenType)!, left: operand, right: right!, loc };
    if (ctx.IS) {
      const test = ctx.test![0]!.tokenType.name as 'NULL' | 'MISSING' | 'VALUED' | 'UNKNOWN';
      return { kind: 'Is', not, test, operand, loc: tokenLoc(ctx.test![0]!) };
    }
    if (ctx.LIKE) {
      const escape = this.optExpr(ctx.escape);
      return { kind: 'Like', not, operand, pattern: right!, ...(escape ? { escape } : {}), loc: escape?.loc ?? loc };
    }
    if (ctx.IN) return { kind: 'In', not, operand, collection: right!, loc };
    const high = this.expr(ctx.high![0]);
    return { kind: 'Between', not, operand, low: right!, high, loc: high.loc };
  },
  concatExpression(this: AstBuilder, ctx: C.ConcatExpressionCstChildren): Expr {
    return leftFold(this, ctx.operand, () => '||');
  },
  additiveExpression(this: AstBuilder, ctx: C.AdditiveExpressionCstChildren): Expr {
    return leftFold(this, ctx.operand, (i) => opImage(ctx.op![i]!));
  },
  multiplicativeExpression(this: AstBuilder, ctx: C.MultiplicativeExpressionCstChildren): Expr {
    return leftFold(this, ctx.operand, (i) => opImage(ctx.op![i]!));
  },
  unaryExpression(this: AstBuilder, ctx: C.UnaryExpressionCstChildren): Expr {
    if (ctx.postfixExpression) return this.expr(ctx.postfixExpression[0]);
    const inner = ctx.unaryExpression![0]!;
    const operand = this.expr(inner);
    const loc = spanLoc(tokenLoc(ctx.Minus![0]!), operand.loc);
    if (isBareNumber(inner) && operand.kind === 'Literal' && (typeof operand.value === 'number' || typeof operand.value === 'bigint')) {
      return { kind: 'Literal', value: -operand.value, loc }; // `-1.5` is a constant
    }
    return { kind: 'Unary', op: 'NEG', operand, loc };
  },
  postfixExpression(this: AstBuilder, ctx: C.PostfixExpressionCstChildren): Expr {
    let acc = this.expr(ctx.primaryExpression[0]);
    for (const step of ctx.pathStep ?? []) {
      const start = acc.loc;
      acc = this.visit(step, acc) as Expr;
      acc.loc = spanLoc(start, acc.loc) ?? acc.loc;
    }
    return acc;
  },
  /** One path step applied to `target`; the result's loc is the step's end (widened by the caller). */
  pathStep(this: AstBuilder, ctx: C.PathStepCstChildren, target: Expr): Expr {
    const close = ctx.RBracket?.[0];
    const loc = close ? tokenLoc(close) : ctx.name ? tokenLoc(ctx.name[0]!) : undefined;
    if (ctx.name) {
      const { name, caseInsensitive } = decodeName(ctx.name[0]!);
      return { kind: 'Field', target, name, ...(caseInsensitive ? { caseInsensitive } : {}), loc };
    }
    if (ctx.dynamic) return { kind: 'DynamicField', target, name: this.expr(ctx.nameExpr![0]), loc };
    if (ctx.star) return { kind: 'FunctionCall', name: 'array_star', args: [target], pathOperator: true, loc };
    const start = this.optExpr(ctx.index);
    if (start && !ctx.slice) return { kind: 'Element', target, index: start, loc };
    const end = this.optExpr(ctx.end);
    return { kind: 'Slice', target, ...(start ? { start } : {}), ...(end ? { end } : {}), loc };
  },
};

/** True when a unaryExpression node is a bare number token (no parentheses, no path). */
function isBareNumber(node: C.UnaryExpressionCstNode): boolean {
  const post = node.children.postfixExpression?.[0];
  if (!post || post.children.pathStep) return false;
  return post.children.primaryExpression[0]!.children.literal?.[0]!.children.NumberLiteral !== undefined;
}

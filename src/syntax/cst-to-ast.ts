/**
 * The CST → AST visitor (DESIGN §2 `syntax/`). One class built on the parser's base visitor,
 * with its visit methods grouped by concept in `visit-*.ts` and mixed into the prototype;
 * `validateVisitor()` checks that every grammar rule has a method.
 */
import type { CstNode, IToken } from 'chevrotain';
import type { Expr } from '../ast/index.js';
import { ErrorCode, QueryError, type SourcePosition } from '../errors/index.js';
import { parser } from '../../grammar/parser.js';
import { Question } from '../../grammar/tokens.js';
import { nodeLoc, tokenLoc } from './lexemes.js';
import { operatorRules } from './visit-operators.js';
import { primaryRules } from './visit-primary.js';
import { selectRules } from './visit-select.js';
import { dmlRules } from './visit-dml.js';
import { ddlRules } from './visit-ddl.js';
import { sequenceRules } from './visit-sequence.js';
import { windowRules } from './visit-window.js';
import { mergeRules } from './visit-merge.js';
import { functionRules } from './visit-function.js';
import { inferRules } from './visit-infer.js';
import { securityRules } from './visit-security.js';

const BaseVisitor = parser.getBaseCstVisitorConstructor();

type OperatorRules = typeof operatorRules;
type PrimaryRules = typeof primaryRules;
type SelectRules = typeof selectRules;
type DmlRules = typeof dmlRules;
type DdlRules = typeof ddlRules;
type SequenceRules = typeof sequenceRules;
type WindowRules = typeof windowRules;
type MergeRules = typeof mergeRules;
type FunctionRules = typeof functionRules;

/** Builds AST nodes from CST nodes of one statement at a time; reset with {@link AstBuilder.reset}. */
export class AstBuilder extends BaseVisitor {
  /** The whole source text (for PREPARE's statement text and error rendering). */
  text = '';
  private questions = new Map<number, number>();
  private tokens: readonly IToken[] = [];

  /** Where the last token of a CST node is (e.g. the field name ending a path). */
  lastTokenLoc(node: CstNode): SourcePosition | undefined {
    const end = node.location?.endOffset;
    const t = this.tokens.find((x) => x.endOffset === end);
    return t ? tokenLoc(t) : undefined;
  }

  constructor() {
    super();
    this.validateVisitor();
  }

  /** Prepares for one statement: its source text and its tokens (`?` are numbered from 1). */
  reset(text: string, tokens: readonly IToken[]): void {
    this.text = text;
    this.tokens = tokens;
    this.questions.clear();
    for (const t of tokens) if (t.tokenType === Question) this.questions.set(t.startOffset, this.questions.size + 1);
  }

  /** The 1-based number of a `?` token in its statement. */
  questionNumber(t: IToken): number {
    return this.questions.get(t.startOffset) ?? 1;
  }

  /** Visits an expression-valued node, giving the result the node's location if it has none. */
  expr(node: CstNode | undefined): Expr {
    const e = this.visit(node as CstNode) as Expr;
    if (e.loc === undefined && node) e.loc = nodeLoc(node);
    return e;
  }

  /** Visits an optional expression-valued node. */
  optExpr(nodes: CstNode[] | undefined): Expr | undefined {
    return nodes?.[0] ? this.expr(nodes[0]) : undefined;
  }

  /** The source text of a CST node. */
  sourceOf(node: CstNode): string {
    const l = node.location!;
    return this.text.slice(l.startOffset, (l.endOffset ?? l.startOffset) + 1);
  }

  /** A syntax error (3000) raised while building: the grammar accepted something the AST cannot hold. */
  syntaxError(message: string, position?: SourcePosition): QueryError {
    return new QueryError({ code: ErrorCode.SYNTAX, phase: 'parse', message: `syntax error: ${message}`, position, statement: this.text });
  }

  statementEof(ctx: { statement: CstNode[] }): unknown {
    return this.visit(ctx.statement[0]!);
  }

  expressionEof(ctx: { expression: CstNode[] }): Expr {
    return this.expr(ctx.expression[0]);
  }
}

export interface AstBuilder extends OperatorRules, PrimaryRules, SelectRules, DmlRules, DdlRules, SequenceRules, WindowRules, MergeRules, FunctionRules {}
Object.assign(AstBuilder.prototype, operatorRules, primaryRules, selectRules, dmlRules, ddlRules, sequenceRules, windowRules, mergeRules, functionRules, inferRules, securityRules);

/** The one builder instance. */
export const astBuilder = new AstBuilder();

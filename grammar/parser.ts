/**
 * The N1QL-subset grammar: one pure `CstParser` (no actions), rules as class fields (STYLE §2
 * habit 2), one exported instance reused with `parser.input = tokens`. Operator precedence, lowest
 * first: OR; AND; NOT; comparison (= != < … LIKE IN BETWEEN IS); `||`; + -; * / %; unary -;
 * postfix paths; primary. The CST node types are generated into `cst.d.ts` (`npm run gen:cst`).
 */
import { CstParser, NoViableAltException, tokenMatcher, type IOrAlt, type Rule, type TokenType } from 'chevrotain';
import { LazyLookahead } from './lazy-lookahead.js';
import { lookaheadTable, recordedGrammar } from './lookahead-table.js';
import { restoreNode, tokensByName, type RecordedNode } from './recorded-grammar.js';
import * as T from './tokens.js';

/** Token types that can start an expression (used by the gates of the soft keywords). */
const exprStart = new Set<TokenType>([
  T.Identifier, T.QuotedIdentifier, T.StringLiteral, T.NumberLiteral, T.NamedParam, T.PositionalParam,
  T.Question, T.True, T.False, T.Null, T.Missing, T.Self, T.LParen, T.LBracket, T.LBrace, T.Minus, T.Not,
  T.Case, T.Any, T.Some, T.Every, T.Exists, T.ArrayKw, T.First, T.ObjectKw, T.Index, T.Key, T.Keys,
  T.Last, T.Nulls, T.Options, T.Primary, T.Unknown, T.Valued, T.Value,
  T.Hash, T.Lateral, T.Nl, T.Probe, T.Validate,
  T.Alter, T.SequenceKw, T.Next, T.Prev, T.Nextval, T.Prevval,
]);

/**
 * Chevrotain's grammar validations (ambiguities, left recursion, …) take about half of the
 * self-analysis at start-up; they run under the tests (vitest sets VITEST) and with
 * TOKENQL_VALIDATE_GRAMMAR=1, and are skipped otherwise (Chevrotain's `skipValidations`, meant for
 * production once the grammar is known to be valid).
 */
const validate = Boolean(process.env.VITEST || process.env.TOKENQL_VALIDATE_GRAMMAR);

/**
 * The parser's lookahead: chevrotain's LL(3), its paths read from `lookahead-table.ts`
 * (generated from this grammar by `npm run gen:lookahead`; a test checks it is current).
 */
export const lookahead = new LazyLookahead({ maxLookahead: 3 }, lookaheadTable, T);
let recordedTokens: Map<string, TokenType> | undefined;

export class N1qlParser extends CstParser {
  /** The rules' GAST as data, used instead of recording them (undefined: record). */
  private recorded: Record<string, RecordedNode> | undefined;

  /**
   * `options.record`: record the grammar as chevrotain does (for the generator and its test)
   * rather than restore it from `lookahead-table.ts`; `options.lookahead`: the lookahead strategy.
   */
  constructor(options: { record?: boolean; lookahead?: LazyLookahead } = {}) {
    super(T.allTokens, { recoveryEnabled: false, maxLookahead: 3, nodeLocationTracking: 'full', skipValidations: !validate, lookaheadStrategy: options.lookahead ?? lookahead });
    this.recorded = options.record ? undefined : recordedGrammar;
    this.performSelfAnalysis();
  }

  /**
   * Chevrotain's grammar recording of one rule (an internal method of its GAST recorder, run by
   * `performSelfAnalysis` for every rule), answered from the recorded grammar when it has the
   * rule: recording all rules is the largest part of the parser's construction.
   */
  protected topLevelRuleRecord(name: string, def: () => void): Rule {
    const data = this.recorded?.[name];
    if (data) return restoreNode(data, recordedTokens ??= tokensByName(T));
    return (CstParser.prototype as unknown as { topLevelRuleRecord(this: N1qlParser, n: string, d: () => void): Rule }).topLevelRuleRecord.call(this, name, def);
  }

  /**
   * Replaces chevrotain's NoViableAlt error, whose message lists every lookahead path of the
   * failing alternation, computed anew on each error: near a statement's start (every statement
   * kind open) that costs close to a second per syntax error with this grammar. tokenql's syntax
   * errors use only the failing token (src/syntax/syntax-error.ts builds the text and the
   * expected list), so the message here names the rule and the token.
   */
  raiseNoAltException(_occurrence: number, errMsgTypes: string | undefined): never {
    const found = this.LA(1);
    const message = `Expecting: ${errMsgTypes ?? 'one of the alternatives'} in ${this.getCurrentRuleName()} but found: '${found.image}'`;
    throw (this as unknown as { SAVE_ERROR(e: Error): Error }).SAVE_ERROR(new NoViableAltException(message, found, this.LA(0)));
  }

  private getCurrentRuleName(): string {
    return (this as unknown as { getCurrRuleFullName(): string }).getCurrRuleFullName();
  }

  private startsExpr(k: number): boolean {
    // A soft keyword is a name too (its category is Identifier), so it can start an expression.
    return exprStart.has(this.LA(k).tokenType) || tokenMatcher(this.LA(k), T.Identifier);
  }
  /** True if the k-th token ahead is a name spelled `w` (a word the lexer has no token for). */
  private word(k: number, w: string): boolean {
    const t = this.LA(k);
    return tokenMatcher(t, T.Identifier) && t.image.toUpperCase() === w;
  }
  /** CREATE|ALTER|DROP USER|GROUP, GRANT, REVOKE ahead. */
  private securityAhead(): boolean {
    return ((this.is(1, T.Create) || this.is(1, T.Alter) || this.is(1, T.Drop)) && (this.word(2, 'USER') || this.is(2, T.Group))) || ((this.word(1, 'GRANT') || this.word(1, 'REVOKE')) && !this.is(2, T.LParen));
  }
  /** CREATE|ALTER|DROP BUCKET|SCOPE|COLLECTION, FLUSH COLLECTION|BUCKET ahead. */
  private containerAhead(): boolean {
    const what = this.word(2, 'BUCKET') || this.word(2, 'SCOPE') || this.is(2, T.CollectionKw);
    return ((this.is(1, T.Create) || this.is(1, T.Alter) || this.is(1, T.Drop)) && what) || (this.word(1, 'FLUSH') && (this.is(2, T.CollectionKw) || this.word(2, 'BUCKET')));
  }
  private is(k: number, t: TokenType): boolean {
    return this.LA(k).tokenType === t;
  }
  /** True if `WINDOW name AS` follows: a WINDOW clause, not an alias named `window`. */
  private windowClauseAhead(): boolean {
    return this.is(1, T.Window) && this.isName(2) && this.is(3, T.As);
  }
  /** True if the k-th token ahead is a name (an identifier or a soft keyword). */
  private isName(k: number): boolean {
    return tokenMatcher(this.LA(k), T.Identifier);
  }

  // ---- entry points -------------------------------------------------------------------------
  public statementEof = this.RULE('statementEof', () => {
    this.SUBRULE(this.statement);
    this.OPTION(() => this.CONSUME(T.Semicolon));
  });

  public expressionEof = this.RULE('expressionEof', () => {
    this.SUBRULE(this.expression);
  });

  /**
   * One statement. The alternatives are chosen on the first token (`MAX_LOOKAHEAD: 1`), and
   * those sharing it (CREATE, ALTER, DROP, EXPLAIN, EXECUTE, and the word-led GRANT, REVOKE,
   * FLUSH) by a gate on the words after it. Chevrotain's LL(3) lookahead for this alternation
   * took about 0.7–1.8 s to build at the first statement of every process: the word-led
   * alternatives (names, in the Identifier category of 71 soft keywords) made it enumerate every
   * 3-token path of the other statements. The grammar (and so content assist and the expected
   * lists of syntax errors) is unchanged; a statement no gate admits fails here, at its first
   * token, as before.
   */
  public statement = this.RULE('statement', () => {
    const create = (k: TokenType) => this.is(1, T.Create) && this.is(2, k);
    const drop = (k: TokenType) => this.is(1, T.Drop) && this.is(2, k);
    this.OR({ MAX_LOOKAHEAD: 1, DEF: [
      { GATE: () => this.securityAhead(), ALT: () => this.SUBRULE(this.securityStatement), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.containerAhead(), ALT: () => this.SUBRULE(this.containerStatement), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(1, T.Alter) && this.is(2, T.Index), ALT: () => this.SUBRULE(this.alterIndexStatement), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(1, T.Explain) && this.is(2, T.FunctionKw), ALT: () => this.SUBRULE(this.explainFunctionStatement), IGNORE_AMBIGUITIES: true },
      { ALT: () => this.SUBRULE(this.selectStatement) },
      { ALT: () => this.SUBRULE(this.insertStatement) },
      { ALT: () => this.SUBRULE(this.updateStatement) },
      { ALT: () => this.SUBRULE(this.deleteStatement) },
      { ALT: () => this.SUBRULE(this.mergeStatement) },
      { ALT: () => this.SUBRULE(this.explainStatement), IGNORE_AMBIGUITIES: true },
      { ALT: () => this.SUBRULE(this.adviseStatement) },
      { ALT: () => this.SUBRULE(this.prepareStatement) },
      { GATE: () => this.is(2, T.FunctionKw) && tokenMatcher(this.LA(3), T.Identifier), ALT: () => this.SUBRULE(this.executeFunctionStatement), IGNORE_AMBIGUITIES: true },
      { ALT: () => this.SUBRULE(this.executeStatement), IGNORE_AMBIGUITIES: true },
      { GATE: () => create(T.Or) || create(T.FunctionKw), ALT: () => this.SUBRULE(this.createFunctionStatement), IGNORE_AMBIGUITIES: true },
      { GATE: () => drop(T.FunctionKw), ALT: () => this.SUBRULE(this.dropFunctionStatement), IGNORE_AMBIGUITIES: true },
      // `CREATE VECTOR INDEX`: VECTOR is a name token, as PRIMARY is; PRIMARY goes to the next rule.
      { GATE: () => create(T.Index) || (this.is(1, T.Create) && this.word(2, 'VECTOR')), ALT: () => this.SUBRULE(this.createIndexStatement), IGNORE_AMBIGUITIES: true },
      { GATE: () => create(T.Primary), ALT: () => this.SUBRULE(this.createPrimaryIndexStatement), IGNORE_AMBIGUITIES: true },
      { GATE: () => drop(T.Index) || drop(T.Primary) || (this.is(1, T.Drop) && this.word(2, 'VECTOR')), ALT: () => this.SUBRULE(this.dropIndexStatement), IGNORE_AMBIGUITIES: true },
      { ALT: () => this.SUBRULE(this.buildIndexStatement) },
      { GATE: () => create(T.SequenceKw), ALT: () => this.SUBRULE(this.createSequenceStatement), IGNORE_AMBIGUITIES: true },
      { GATE: () => this.is(1, T.Alter) && this.is(2, T.SequenceKw), ALT: () => this.SUBRULE(this.alterSequenceStatement), IGNORE_AMBIGUITIES: true },
      { GATE: () => drop(T.SequenceKw), ALT: () => this.SUBRULE(this.dropSequenceStatement), IGNORE_AMBIGUITIES: true },
      { ALT: () => this.SUBRULE(this.startTransactionStatement) },
      { ALT: () => this.SUBRULE(this.commitStatement) },
      { ALT: () => this.SUBRULE(this.rollbackStatement) },
      { ALT: () => this.SUBRULE(this.savepointStatement) },
      { ALT: () => this.SUBRULE(this.setTransactionStatement) },
      { ALT: () => this.SUBRULE(this.inferStatement) },
      { ALT: () => this.SUBRULE(this.updateStatisticsStatement) },
      { ALT: () => this.SUBRULE(this.analyzeStatement) },
    ] });
  });

  // ---- SELECT -------------------------------------------------------------------------------
  public selectStatement = this.RULE('selectStatement', () => {
    this.OPTION5(() => this.SUBRULE(this.withClause));
    this.SUBRULE(this.setExpression, { LABEL: 'body' });
    this.OPTION(() => this.SUBRULE(this.orderByClause));
    this.OPTION2(() => this.SUBRULE(this.limitClause));
    this.OPTION3(() => this.SUBRULE(this.offsetClause));
    // `OFFSET n LIMIT m`: the reference takes the two in either order (each at most once).
    this.OPTION4(() => this.SUBRULE2(this.limitClause));
  });

  /** `WITH [RECURSIVE] alias AS (expr | select) [CYCLE exprs RESTRICT] [OPTIONS {…}], …` (couchbase/query n1ql.y `with`). */
  public withClause = this.RULE('withClause', () => {
    this.CONSUME(T.With);
    this.OPTION({ GATE: () => !this.is(2, T.As), DEF: () => this.CONSUME(T.Recursive) });
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.withTerm) });
  });

  public withTerm = this.RULE('withTerm', () => {
    this.CONSUME(T.Identifier, { LABEL: 'name' });
    this.CONSUME(T.As);
    this.OR([
      { GATE: () => this.is(2, T.Select) || this.is(2, T.With), ALT: () => this.SUBRULE(this.subquery) },
      { ALT: () => this.SUBRULE(this.parenthesised) },
    ]);
    this.OPTION({
      GATE: () => this.is(1, T.Cycle) && this.startsExpr(2),
      DEF: () => {
        this.CONSUME(T.Cycle);
        this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'cycle' }) });
        this.CONSUME(T.Restrict);
      },
    });
    this.OPTION2({
      GATE: () => this.is(1, T.Options) && this.is(2, T.LBrace),
      DEF: () => {
        this.CONSUME(T.Options);
        this.SUBRULE(this.objectConstruct, { LABEL: 'options' });
      },
    });
  });

  public setExpression = this.RULE('setExpression', () => {
    this.SUBRULE(this.setOperand, { LABEL: 'lhs' });
    this.MANY(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Union, { LABEL: 'op' }) },
        { ALT: () => this.CONSUME(T.Intersect, { LABEL: 'op' }) },
        { ALT: () => this.CONSUME(T.Except, { LABEL: 'op' }) },
      ]);
      this.OPTION(() => this.CONSUME(T.All));
      this.SUBRULE2(this.setOperand, { LABEL: 'rhs' });
    });
  });

  public setOperand = this.RULE('setOperand', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.subselect) },
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.SUBRULE(this.selectStatement);
          this.CONSUME(T.RParen);
        },
      },
    ]);
  });

  public subselect = this.RULE('subselect', () => {
    this.SUBRULE(this.selectClause);
    this.OPTION(() => this.SUBRULE(this.fromClause));
    this.OPTION2(() => this.SUBRULE(this.letClause));
    this.OPTION3(() => this.SUBRULE(this.whereClause));
    this.OPTION4(() => this.SUBRULE(this.groupByClause));
    this.OPTION5({ GATE: () => this.windowClauseAhead(), DEF: () => this.SUBRULE(this.windowClause) });
  });

  public selectClause = this.RULE('selectClause', () => {
    this.CONSUME(T.Select);
    this.OPTION(() => this.OR([{ ALT: () => this.CONSUME(T.Distinct) }, { ALT: () => this.CONSUME(T.All) }]));
    this.SUBRULE(this.projection);
    // `EXCLUDE path, …`: fields removed from each result (couchbase/query 7.6 `SELECT … EXCLUDE`).
    this.OPTION2(() => {
      this.CONSUME(T.Exclude);
      this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'exclude' }) });
    });
  });

  /** `RAW|ELEMENT|VALUE expr [[AS] alias]` or `term, …` (shared by SELECT and RETURNING). */
  public projection = this.RULE('projection', () => {
    this.OR([
      {
        GATE: () => !this.is(1, T.Value) || this.startsExpr(2),
        ALT: () => {
          this.OR2([
            { ALT: () => this.CONSUME(T.Raw, { LABEL: 'raw' }) },
            { ALT: () => this.CONSUME(T.Element, { LABEL: 'raw' }) },
            { ALT: () => this.CONSUME(T.Value, { LABEL: 'raw' }) },
          ]);
          this.SUBRULE(this.expression);
          this.OPTION(() => this.SUBRULE(this.alias));
        },
      },
      {
        ALT: () => {
          this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.resultTerm) });
        },
      },
    ]);
  });

  public resultTerm = this.RULE('resultTerm', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Star) },
      {
        ALT: () => {
          this.SUBRULE(this.expression);
          this.OR2([
            {
              ALT: () => {
                this.CONSUME(T.Dot);
                this.CONSUME2(T.Star, { LABEL: 'pathStar' });
              },
            },
            { ALT: () => this.OPTION(() => this.SUBRULE(this.alias)) },
          ]);
        },
      },
    ]);
  });

  public alias = this.RULE('alias', () => {
    this.OPTION(() => this.CONSUME(T.As));
    this.CONSUME(T.Identifier, { LABEL: 'name' });
  });

  /**
   * `FROM term` followed by any chain of UNNEST, JOIN / NEST (lookup `ON KEYS`, index
   * `ON KEY … FOR …`, ANSI `ON cond`) and comma joins (`, term`).
   */
  public fromClause = this.RULE('fromClause', () => {
    this.CONSUME(T.From);
    this.SUBRULE(this.fromSource);
    this.MANY(() =>
      this.OR2([
        { ALT: () => this.SUBRULE(this.unnestClause) },
        { ALT: () => this.SUBRULE(this.joinClause) },
        { ALT: () => this.SUBRULE(this.commaJoin) },
      ]),
    );
  });

  /** A FROM term that is not a join: a keyspace (with hints) or an expression / subquery with an alias. */
  public fromSource = this.RULE('fromSource', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        // `name(` starts a function call (`FROM ARRAY_RANGE(0, 3) AS i`), an expression term.
        // A parameter is an expression term (`FROM $1 AS d USE KEYS …` names a keyspace: AST builder).
        { GATE: () => !this.is(2, T.LParen) && !this.is(1, T.NamedParam) && !this.is(1, T.PositionalParam), ALT: () => this.SUBRULE(this.keyspaceTerm) },
        { ALT: () => this.SUBRULE(this.expressionTerm) },
      ],
    });
  });

  public keyspaceTerm = this.RULE('keyspaceTerm', () => {
    this.SUBRULE(this.keyspaceRef);
    this.OPTION({ GATE: () => !this.windowClauseAhead(), DEF: () => this.SUBRULE(this.alias) });
    this.OPTION2(() => this.SUBRULE(this.useHints));
  });

  /** `(subquery) [AS] alias` or any other non-keyspace expression with an alias (and join hints). */
  public expressionTerm = this.RULE('expressionTerm', () => {
    this.SUBRULE(this.expression);
    this.OPTION(() => this.SUBRULE(this.alias));
    this.OPTION2(() => this.SUBRULE(this.useHints));
  });

  /** `USE hint [hint]`: `[PRIMARY] KEYS [VALIDATE] expr`, `INDEX (…)`, `HASH(BUILD|PROBE)`, `NL`. */
  public useHints = this.RULE('useHints', () => {
    this.CONSUME(T.Use);
    this.SUBRULE(this.useHint);
    this.OPTION(() => this.SUBRULE2(this.useHint));
  });

  public useHint = this.RULE('useHint', () => {
    this.OR([
      {
        ALT: () => {
          this.OPTION(() => this.CONSUME(T.Primary));
          this.CONSUME(T.Keys);
          this.OPTION2(() => this.CONSUME(T.Validate));
          this.SUBRULE(this.expression, { LABEL: 'keys' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Index);
          this.CONSUME(T.LParen);
          this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.indexRef) });
          this.CONSUME(T.RParen);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Hash);
          this.CONSUME2(T.LParen);
          this.OR2([{ ALT: () => this.CONSUME(T.Build, { LABEL: 'side' }) }, { ALT: () => this.CONSUME(T.Probe, { LABEL: 'side' }) }]);
          this.CONSUME2(T.RParen);
        },
      },
      { ALT: () => this.CONSUME(T.Nl) },
    ]);
  });

  /** An index named in `USE INDEX (…)`: `name [USING GSI|FTS]`. */
  public indexRef = this.RULE('indexRef', () => {
    this.CONSUME(T.Identifier, { LABEL: 'name' });
    this.OPTION(() => {
      this.CONSUME(T.Using);
      this.CONSUME2(T.Identifier, { LABEL: 'using' });
    });
  });

  /** `[INNER | LEFT [OUTER] | RIGHT [OUTER]] JOIN|NEST [LATERAL] term ON (KEYS [VALIDATE] e | KEY e FOR a | cond)` */
  public joinClause = this.RULE('joinClause', () => {
    this.OPTION(() =>
      this.OR([
        { ALT: () => this.CONSUME(T.Inner) },
        {
          ALT: () => {
            this.OR2([{ ALT: () => this.CONSUME(T.Left) }, { ALT: () => this.CONSUME(T.Right) }]);
            this.OPTION2(() => this.CONSUME(T.Outer));
          },
        },
      ]),
    );
    this.OR3([{ ALT: () => this.CONSUME(T.Join) }, { ALT: () => this.CONSUME(T.Nest) }]);
    this.OPTION3({ GATE: () => !this.is(2, T.On) && !this.is(2, T.Dot) && !this.is(2, T.Use), DEF: () => this.CONSUME(T.Lateral) });
    this.SUBRULE(this.fromSource);
    this.CONSUME(T.On);
    this.OR4({
      IGNORE_AMBIGUITIES: true,
      DEF: [
      {
        GATE: () => this.startsExpr(2),
        ALT: () => {
          this.CONSUME(T.Keys);
          this.OPTION4(() => this.CONSUME(T.Validate));
          this.SUBRULE(this.expression, { LABEL: 'onKeys' });
        },
      },
      {
        GATE: () => this.startsExpr(2) && !this.is(2, T.Minus),
        ALT: () => {
          this.CONSUME(T.Key);
          this.SUBRULE2(this.expression, { LABEL: 'onKey' });
          this.CONSUME(T.For);
          this.CONSUME(T.Identifier, { LABEL: 'forAlias' });
        },
      },
      { ALT: () => this.SUBRULE3(this.expression, { LABEL: 'on' }) },
      ],
    });
  });

  /** `, term`: a comma join (an inner join whose condition is in WHERE). */
  public commaJoin = this.RULE('commaJoin', () => {
    this.CONSUME(T.Comma);
    this.OPTION({ GATE: () => !this.is(2, T.Dot) && !this.is(2, T.Comma) && !this.is(2, T.Where), DEF: () => this.CONSUME(T.Lateral) });
    this.SUBRULE(this.fromSource);
  });

  /** `[namespace:]name[.name.name]`, or a parameter naming the keyspace (`INSERT INTO $1`). */
  public keyspaceRef = this.RULE('keyspaceRef', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.NamedParam, { LABEL: 'param' }) },
      { ALT: () => this.CONSUME(T.PositionalParam, { LABEL: 'param' }) },
      {
        ALT: () => {
          this.OPTION(() => {
            this.CONSUME(T.Identifier, { LABEL: 'namespace' });
            this.CONSUME(T.Colon);
          });
          this.CONSUME2(T.Identifier, { LABEL: 'part' });
          this.MANY(() => {
            this.CONSUME(T.Dot);
            this.CONSUME(T.Name, { LABEL: 'part' });
          });
        },
      },
    ]);
  });

  public useKeys = this.RULE('useKeys', () => {
    this.CONSUME(T.Use);
    this.OPTION(() => this.CONSUME(T.Primary));
    this.CONSUME(T.Keys);
    this.OPTION2(() => this.CONSUME(T.Validate));
    this.SUBRULE(this.expression);
  });

  public unnestClause = this.RULE('unnestClause', () => {
    this.OPTION(() =>
      this.OR([
        { ALT: () => this.CONSUME(T.Inner) },
        {
          ALT: () => {
            this.CONSUME(T.Left);
            this.OPTION2(() => this.CONSUME(T.Outer));
          },
        },
      ]),
    );
    this.CONSUME(T.Unnest);
    this.SUBRULE(this.expression);
    this.OPTION3(() => this.SUBRULE(this.alias));
  });

  public letClause = this.RULE('letClause', () => {
    this.CONSUME(T.Let);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.letBinding) });
  });

  public letBinding = this.RULE('letBinding', () => {
    this.CONSUME(T.Identifier, { LABEL: 'name' });
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression);
  });

  public whereClause = this.RULE('whereClause', () => {
    this.CONSUME(T.Where);
    this.SUBRULE(this.expression);
  });

  /**
   * `GROUP BY keys [GROUP AS name] [LETTING …] [HAVING …]`, or `LETTING …` alone (an aggregate
   * block without keys; the reference takes no HAVING there).
   */
  public groupByClause = this.RULE('groupByClause', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Group);
          this.CONSUME(T.By);
          this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.groupKey) });
          this.OPTION3(() => {
            this.CONSUME2(T.Group);
            this.CONSUME(T.As);
            this.CONSUME(T.Identifier, { LABEL: 'groupAs' });
          });
          this.OPTION(() => {
            this.CONSUME(T.Letting);
            this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.letBinding) });
          });
          this.OPTION2(() => {
            this.CONSUME(T.Having);
            this.SUBRULE(this.expression, { LABEL: 'having' });
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME2(T.Letting);
          this.AT_LEAST_ONE_SEP3({ SEP: T.Comma, DEF: () => this.SUBRULE2(this.letBinding) });
        },
      },
    ]);
  });

  public groupKey = this.RULE('groupKey', () => {
    this.SUBRULE(this.expression);
    this.OPTION({ GATE: () => !this.windowClauseAhead(), DEF: () => this.SUBRULE(this.alias) });
  });

  public orderByClause = this.RULE('orderByClause', () => {
    this.CONSUME(T.Order);
    this.CONSUME(T.By);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.orderTerm) });
  });

  public orderTerm = this.RULE('orderTerm', () => {
    this.SUBRULE(this.expression);
    // The direction may be a parameter, or a user-defined function's parameter (a name); a
    // window frame's ROWS|RANGE|GROUPS is never one.
    this.OPTION({
      GATE: () => !this.is(1, T.Nulls) && !this.is(1, T.Rows) && !this.is(1, T.Range) && !this.is(1, T.Groups),
      DEF: () =>
        this.OR([
          { ALT: () => this.CONSUME(T.Asc) },
          { ALT: () => this.CONSUME(T.Desc) },
          { ALT: () => this.SUBRULE(this.orderParameter, { LABEL: 'direction' }) },
        ]),
    });
    this.OPTION2(() => {
      this.CONSUME(T.Nulls);
      this.OR2({
        IGNORE_AMBIGUITIES: true,
        DEF: [
          { ALT: () => this.CONSUME(T.First) },
          { ALT: () => this.CONSUME(T.Last) },
          { ALT: () => this.SUBRULE2(this.orderParameter, { LABEL: 'nullsPosition' }) },
        ],
      });
    });
  });

  /** An ORDER BY direction or NULLS position given by a parameter: `$name`, `$1`, `?` or a name. */
  public orderParameter = this.RULE('orderParameter', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.NamedParam) },
      { ALT: () => this.CONSUME(T.PositionalParam) },
      { ALT: () => this.CONSUME(T.Question) },
      { ALT: () => this.CONSUME(T.Identifier) },
    ]);
  });

  public limitClause = this.RULE('limitClause', () => {
    this.CONSUME(T.Limit);
    this.SUBRULE(this.expression);
  });

  public offsetClause = this.RULE('offsetClause', () => {
    this.CONSUME(T.Offset);
    this.SUBRULE(this.expression);
  });

  // ---- DML ----------------------------------------------------------------------------------
  public insertStatement = this.RULE('insertStatement', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Insert) }, { ALT: () => this.CONSUME(T.Upsert) }]);
    this.CONSUME(T.Into);
    this.SUBRULE(this.keyspaceRef);
    this.OPTION(() => this.SUBRULE(this.alias));
    this.OR2([
      { ALT: () => this.SUBRULE(this.insertValues) },
      { ALT: () => this.SUBRULE(this.insertSelect) },
    ]);
    this.OPTION2(() => this.SUBRULE(this.returningClause));
  });

  /** `[(KEY, VALUE[, OPTIONS])] VALUES (k, v[, o]), [VALUES] (…)` */
  public insertValues = this.RULE('insertValues', () => {
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.CONSUME(T.Key);
      this.CONSUME(T.Comma);
      this.CONSUME(T.Value);
      this.OPTION2(() => {
        this.CONSUME2(T.Comma);
        this.CONSUME(T.Options);
      });
      this.CONSUME(T.RParen);
    });
    this.CONSUME(T.Values);
    this.SUBRULE(this.valuesTuple);
    this.MANY(() => {
      this.CONSUME3(T.Comma);
      this.OPTION3(() => this.CONSUME2(T.Values));
      this.SUBRULE2(this.valuesTuple);
    });
  });

  public valuesTuple = this.RULE('valuesTuple', () => {
    this.CONSUME(T.LParen);
    this.SUBRULE(this.expression, { LABEL: 'key' });
    this.CONSUME(T.Comma);
    this.SUBRULE2(this.expression, { LABEL: 'value' });
    this.OPTION(() => {
      this.CONSUME2(T.Comma);
      this.SUBRULE3(this.expression, { LABEL: 'options' });
    });
    this.CONSUME(T.RParen);
  });

  /** `(KEY k[, VALUE v][, OPTIONS o]) select` */
  public insertSelect = this.RULE('insertSelect', () => {
    this.CONSUME(T.LParen);
    this.CONSUME(T.Key);
    this.SUBRULE(this.expression, { LABEL: 'key' });
    this.OPTION(() => {
      this.CONSUME(T.Comma);
      this.CONSUME(T.Value);
      this.SUBRULE2(this.expression, { LABEL: 'value' });
    });
    this.OPTION2(() => {
      this.CONSUME2(T.Comma);
      this.CONSUME(T.Options);
      this.SUBRULE3(this.expression, { LABEL: 'options' });
    });
    this.CONSUME(T.RParen);
    this.SUBRULE(this.selectStatement);
  });

  public updateStatement = this.RULE('updateStatement', () => {
    this.CONSUME(T.Update);
    this.SUBRULE(this.keyspaceRef);
    this.OPTION(() => this.SUBRULE(this.alias));
    this.OPTION2(() => this.SUBRULE(this.useKeys));
    this.OPTION8({ GATE: () => this.is(1, T.Use) && this.is(2, T.Index), DEF: () => this.SUBRULE(this.useHints) });
    this.OPTION7(() => this.SUBRULE(this.letClause));
    this.OR([
      {
        ALT: () => {
          this.SUBRULE(this.setClause);
          this.OPTION3(() => this.SUBRULE(this.unsetClause));
        },
      },
      { ALT: () => this.SUBRULE2(this.unsetClause) },
    ]);
    this.OPTION4(() => this.SUBRULE(this.whereClause));
    this.OPTION5(() => this.SUBRULE(this.limitClause));
    this.OPTION6(() => this.SUBRULE(this.returningClause));
  });

  public setClause = this.RULE('setClause', () => {
    this.CONSUME(T.Set);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.setItem) });
  });

  public setItem = this.RULE('setItem', () => {
    this.SUBRULE(this.postfixExpression, { LABEL: 'path' });
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression, { LABEL: 'value' });
    this.OPTION(() => this.SUBRULE(this.forClause));
  });

  public unsetClause = this.RULE('unsetClause', () => {
    this.CONSUME(T.Unset);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.unsetItem) });
  });

  /** `path [FOR var IN expr … [WHEN cond] END]` of UNSET. */
  public unsetItem = this.RULE('unsetItem', () => {
    this.SUBRULE(this.postfixExpression, { LABEL: 'path' });
    this.OPTION(() => this.SUBRULE(this.forClause));
  });

  public deleteStatement = this.RULE('deleteStatement', () => {
    this.CONSUME(T.Delete);
    this.CONSUME(T.From);
    this.SUBRULE(this.keyspaceRef);
    this.OPTION(() => this.SUBRULE(this.alias));
    this.OPTION2(() => this.SUBRULE(this.useKeys));
    this.OPTION9({ GATE: () => this.is(1, T.Use) && this.is(2, T.Index), DEF: () => this.SUBRULE(this.useHints) });
    this.OPTION6(() => this.SUBRULE(this.letClause));
    this.OPTION3(() => this.SUBRULE(this.whereClause));
    // LIMIT and OFFSET in either order (the reference's DELETE takes both).
    this.OPTION4(() => {
      this.OR2([
        {
          ALT: () => {
            this.SUBRULE(this.limitClause);
            this.OPTION7(() => this.SUBRULE(this.offsetClause));
          },
        },
        {
          ALT: () => {
            this.SUBRULE2(this.offsetClause);
            this.OPTION8(() => this.SUBRULE2(this.limitClause));
          },
        },
      ]);
    });
    this.OPTION5(() => this.SUBRULE(this.returningClause));
  });

  /**
   * `MERGE INTO target [AS] t [USE INDEX …] USING source [AS] s [hints] ON [PRIMARY] KEY expr | ON cond
   * [LET …] WHEN … [LIMIT n] [RETURNING …]` (couchbase/query `parser/n1ql/n1ql.y`, merge).
   */
  public mergeStatement = this.RULE('mergeStatement', () => {
    this.CONSUME(T.Merge);
    this.CONSUME(T.Into);
    this.SUBRULE(this.keyspaceTerm, { LABEL: 'target' });
    this.CONSUME(T.Using);
    this.SUBRULE(this.fromSource, { LABEL: 'source' });
    this.CONSUME(T.On);
    this.OPTION({
      // `ON KEY expr`, unless `key` is a field name (`ON key = s.k`, `ON key - 1 = …`).
      GATE: () => (this.is(1, T.Key) && this.startsExpr(2) && !this.is(2, T.Minus) && !this.is(2, T.Not)) || (this.is(1, T.Primary) && this.is(2, T.Key)),
      DEF: () => {
        this.OPTION2(() => this.CONSUME(T.Primary));
        this.CONSUME(T.Key, { LABEL: 'onKey' });
      },
    });
    this.SUBRULE(this.expression, { LABEL: 'on' });
    this.OPTION3(() => this.SUBRULE(this.letClause));
    this.AT_LEAST_ONE(() => this.SUBRULE(this.mergeWhen));
    this.OPTION4(() => this.SUBRULE(this.limitClause));
    this.OPTION5(() => this.SUBRULE(this.returningClause));
  });

  /** `WHEN MATCHED THEN UPDATE SET … [UNSET …] [WHERE …]` | `… THEN DELETE [WHERE …]` | `WHEN NOT MATCHED THEN INSERT … [WHERE …]` */
  public mergeWhen = this.RULE('mergeWhen', () => {
    this.CONSUME(T.When);
    this.OPTION(() => this.CONSUME(T.Not));
    this.CONSUME(T.Matched);
    this.CONSUME(T.Then);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Update);
          this.OR2([
            {
              ALT: () => {
                this.SUBRULE(this.setClause);
                this.OPTION2(() => this.SUBRULE(this.unsetClause));
              },
            },
            { ALT: () => this.SUBRULE2(this.unsetClause) },
          ]);
        },
      },
      { ALT: () => this.CONSUME(T.Delete) },
      {
        ALT: () => {
          this.CONSUME(T.Insert);
          this.SUBRULE(this.mergeInsert);
        },
      },
    ]);
    this.OPTION3(() => this.SUBRULE(this.whereClause));
  });

  /** `(KEY k[, VALUE v][, OPTIONS o])`, `(k, v[, o])`, or a value alone (the older form). */
  public mergeInsert = this.RULE('mergeInsert', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          GATE: () => this.is(1, T.LParen) && this.is(2, T.Key) && this.startsExpr(3),
          ALT: () => {
            this.CONSUME(T.LParen);
            this.AT_LEAST_ONE_SEP({
              SEP: T.Comma,
              DEF: () =>
                this.OR2([
                  {
                    ALT: () => {
                      this.CONSUME(T.Key);
                      this.SUBRULE(this.expression, { LABEL: 'key' });
                    },
                  },
                  {
                    ALT: () => {
                      this.CONSUME(T.Value);
                      this.SUBRULE2(this.expression, { LABEL: 'value' });
                    },
                  },
                  {
                    ALT: () => {
                      this.CONSUME(T.Options);
                      this.SUBRULE3(this.expression, { LABEL: 'options' });
                    },
                  },
                ]),
            });
            this.CONSUME(T.RParen);
          },
        },
        {
          GATE: () => this.is(1, T.LParen),
          ALT: () => {
            this.CONSUME2(T.LParen, { LABEL: 'tuple' });
            this.SUBRULE4(this.expression, { LABEL: 'first' });
            this.MANY(() => {
              this.CONSUME2(T.Comma);
              this.SUBRULE5(this.expression, { LABEL: 'rest' });
            });
            this.CONSUME2(T.RParen);
          },
        },
        { ALT: () => this.SUBRULE6(this.expression, { LABEL: 'legacy' }) },
      ],
    });
  });

  public returningClause = this.RULE('returningClause', () => {
    this.CONSUME(T.Returning);
    this.SUBRULE(this.projection);
  });

  // ---- EXPLAIN / PREPARE / EXECUTE ---------------------------------------------------------
  public explainStatement = this.RULE('explainStatement', () => {
    this.CONSUME(T.Explain);
    this.SUBRULE(this.statement);
  });

  /** `ADVISE statement`: the index advisor's recommendations for the statement (couchbase/query algebra/advise.go). */
  /** `ADVISE [INDEX] statement` (n1ql.y advise: the INDEX word is optional). */
  public adviseStatement = this.RULE('adviseStatement', () => {
    this.CONSUME(T.Advise);
    this.OPTION(() => this.CONSUME(T.Index));
    this.SUBRULE(this.statement);
  });

  public prepareStatement = this.RULE('prepareStatement', () => {
    this.CONSUME(T.Prepare);
    // `PREPARE FORCE …` (FORCE is soft: `PREPARE force FROM …` names a statement "force").
    this.OPTION2({ GATE: () => !this.is(2, T.From) && !this.is(2, T.As), DEF: () => this.CONSUME(T.Force) });
    // `PREPARE SAVE name FROM …` (the reference's saved prepared statement).
    this.OPTION3({ GATE: () => this.word(1, 'SAVE') && !this.is(2, T.From) && !this.is(2, T.As), DEF: () => this.CONSUME(T.Identifier, { LABEL: 'save' }) });
    this.OPTION(() => {
      this.SUBRULE(this.objectName);
      this.OR([{ ALT: () => this.CONSUME(T.From) }, { ALT: () => this.CONSUME(T.As) }]);
    });
    this.SUBRULE(this.statement);
  });

  public executeStatement = this.RULE('executeStatement', () => {
    this.CONSUME(T.Execute);
    this.SUBRULE(this.objectName);
    this.OPTION(() => {
      this.CONSUME(T.Using);
      this.SUBRULE(this.expression);
    });
  });

  // ---- INFER, UPDATE STATISTICS, ANALYZE (statements of the system part, issue 21) ----------
  /** `INFER [KEYSPACE|COLLECTION] ks [WITH {…}]` or `INFER expression [WITH {…}]`. */
  public inferStatement = this.RULE('inferStatement', () => {
    this.CONSUME(T.Infer);
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          GATE: () => tokenMatcher(this.LA(1), T.Identifier) && !this.is(2, T.LParen),
          ALT: () => {
            this.OPTION({
              GATE: () => tokenMatcher(this.LA(2), T.Identifier),
              DEF: () => this.OR2([{ ALT: () => this.CONSUME(T.KeyspaceKw) }, { ALT: () => this.CONSUME(T.CollectionKw) }]),
            });
            this.SUBRULE(this.keyspaceRef);
          },
        },
        { ALT: () => this.SUBRULE(this.expression, { LABEL: 'value' }) },
      ],
    });
    this.OPTION2(() => {
      this.CONSUME(T.With);
      this.SUBRULE2(this.expression, { LABEL: 'options' });
    });
  });

  /** `(INFER …)` used as an expression or a FROM term: the array of its flavors. */
  public inferSubquery = this.RULE('inferSubquery', () => {
    this.CONSUME(T.LParen);
    this.SUBRULE(this.inferStatement);
    this.CONSUME(T.RParen);
  });

  /**
   * `UPDATE STATISTICS [FOR] ks (expr, …) [WITH {…}]`, `… FOR ks DELETE (expr, …) | DELETE ALL`,
   * `… FOR ks INDEX (name, …) | INDEX ALL [USING GSI] [WITH …]`, `… FOR INDEX [ks.]name [ON ks]`.
   */
  public updateStatisticsStatement = this.RULE('updateStatisticsStatement', () => {
    this.CONSUME(T.UpdateStatistics);
    this.OPTION(() => this.CONSUME(T.For));
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Index, { LABEL: 'forIndex' });
          this.SUBRULE(this.keyspaceRef, { LABEL: 'indexRef' });
          this.OPTION2(() => {
            this.CONSUME(T.On);
            this.SUBRULE2(this.keyspaceRef);
          });
        },
      },
      {
        ALT: () => {
          this.SUBRULE3(this.keyspaceRef);
          this.SUBRULE(this.statisticsTarget);
        },
      },
    ]);
    this.OPTION3(() => this.SUBRULE(this.indexUsing));
    this.OPTION4(() => {
      this.CONSUME(T.With);
      this.SUBRULE(this.expression, { LABEL: 'options' });
    });
  });

  /** What UPDATE STATISTICS / ANALYZE collects or drops on a keyspace. */
  public statisticsTarget = this.RULE('statisticsTarget', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.statisticsKeys) },
      {
        ALT: () => {
          this.CONSUME(T.Delete);
          this.OR2([
            { ALT: () => this.CONSUME(T.All, { LABEL: 'deleteAll' }) },
            // ANALYZE … DELETE STATISTICS: DELETE ALL by another name.
            { GATE: () => this.word(1, 'STATISTICS'), ALT: () => this.CONSUME(T.Identifier, { LABEL: 'deleteAll' }) },
            { ALT: () => this.SUBRULE2(this.statisticsKeys, { LABEL: 'deleteKeys' }) },
          ]);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Index);
          this.OR3([
            { ALT: () => this.CONSUME2(T.All, { LABEL: 'indexAll' }) },
            {
              ALT: () => {
                this.CONSUME(T.LParen);
                this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.objectName, { LABEL: 'indexName' }) });
                this.CONSUME(T.RParen);
              },
            },
          ]);
        },
      },
    ]);
  });

  /** `(expr, …)`: the expressions to collect statistics on (a key may start with DISTINCT or ALL). */
  public statisticsKeys = this.RULE('statisticsKeys', () => {
    this.CONSUME(T.LParen);
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => {
        this.OPTION(() => this.OR([{ ALT: () => this.CONSUME(T.Distinct) }, { ALT: () => this.CONSUME(T.All) }]));
        this.SUBRULE(this.expression, { LABEL: 'key' });
      },
    });
    this.CONSUME(T.RParen);
  });

  /** `ANALYZE [KEYSPACE|COLLECTION] ks (expr, …) | DELETE … | INDEX … [WITH {…}]`: UPDATE STATISTICS by another name. */
  public analyzeStatement = this.RULE('analyzeStatement', () => {
    this.CONSUME(T.Analyze);
    this.OPTION({
      GATE: () => tokenMatcher(this.LA(2), T.Identifier),
      DEF: () => this.OR([{ ALT: () => this.CONSUME(T.KeyspaceKw) }, { ALT: () => this.CONSUME(T.CollectionKw) }]),
    });
    this.SUBRULE(this.keyspaceRef);
    this.SUBRULE(this.statisticsTarget);
    this.OPTION2(() => this.SUBRULE(this.indexUsing));
    this.OPTION3(() => {
      this.CONSUME(T.With);
      this.SUBRULE(this.expression, { LABEL: 'options' });
    });
  });

  /** A prepared-statement or index name: identifier or string. */
  public objectName = this.RULE('objectName', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME(T.StringLiteral) }]);
  });

  // ---- user-defined functions ---------------------------------------------------------------
  /**
   * `CREATE [OR REPLACE] FUNCTION name(params | ...) [IF NOT EXISTS] { expr }`, `… LANGUAGE INLINE
   * AS expr`, `… LANGUAGE JAVASCRIPT AS "code" [AT "library"]` (couchbase/query `parser/n1ql/n1ql.y`).
   */
  public createFunctionStatement = this.RULE('createFunctionStatement', () => {
    this.CONSUME(T.Create);
    this.OPTION(() => {
      this.CONSUME(T.Or);
      this.CONSUME(T.Replace);
    });
    this.CONSUME(T.FunctionKw);
    this.SUBRULE(this.keyspaceRef, { LABEL: 'name' });
    this.CONSUME(T.LParen);
    this.OPTION2(() =>
      this.OR([
        { ALT: () => this.CONSUME(T.Ellipsis) },
        { ALT: () => this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Identifier, { LABEL: 'param' }) }) },
      ]),
    );
    this.CONSUME(T.RParen);
    this.OPTION3(() => this.SUBRULE(this.ifNotExists));
    this.OR2([
      {
        ALT: () => {
          this.CONSUME(T.LBrace);
          this.SUBRULE(this.expression, { LABEL: 'body' });
          this.CONSUME(T.RBrace);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Language);
          this.OR3([
            {
              ALT: () => {
                this.CONSUME(T.Inline);
                this.CONSUME(T.As);
                this.SUBRULE2(this.expression, { LABEL: 'body' });
              },
            },
            {
              ALT: () => {
                this.CONSUME(T.Javascript);
                this.CONSUME2(T.As);
                this.CONSUME(T.StringLiteral, { LABEL: 'code' });
                this.OPTION4(() => {
                  this.CONSUME(T.At);
                  this.CONSUME2(T.StringLiteral, { LABEL: 'library' });
                });
              },
            },
          ]);
        },
      },
    ]);
  });

  /** `DROP FUNCTION name [IF EXISTS]` */
  public dropFunctionStatement = this.RULE('dropFunctionStatement', () => {
    this.CONSUME(T.Drop);
    this.CONSUME(T.FunctionKw);
    this.OPTION2(() => this.SUBRULE2(this.ifExists));
    this.SUBRULE(this.keyspaceRef, { LABEL: 'name' });
    this.OPTION(() => this.SUBRULE(this.ifExists));
  });

  /** `EXECUTE FUNCTION name(args)` */
  public executeFunctionStatement = this.RULE('executeFunctionStatement', () => {
    this.CONSUME(T.Execute);
    this.CONSUME(T.FunctionKw);
    this.SUBRULE(this.keyspaceRef, { LABEL: 'name' });
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'arg' }) });
    this.CONSUME(T.RParen);
  });

  // ---- DDL ----------------------------------------------------------------------------------
  public createIndexStatement = this.RULE('createIndexStatement', () => {
    this.CONSUME(T.Create);
    this.OPTION6({ GATE: () => this.word(1, 'VECTOR'), DEF: () => this.CONSUME(T.Identifier, { LABEL: 'vector' }) });
    this.CONSUME(T.Index);
    this.OPTION(() => this.SUBRULE(this.ifNotExists));
    this.SUBRULE(this.objectName);
    this.OPTION2(() => this.SUBRULE2(this.ifNotExists));
    this.CONSUME(T.On);
    this.SUBRULE(this.keyspaceRef);
    this.CONSUME(T.LParen);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.indexKey) });
    this.CONSUME(T.RParen);
    this.OPTION7({
      GATE: () => this.word(1, 'INCLUDE'),
      DEF: () => {
        this.CONSUME2(T.Identifier);
        this.CONSUME2(T.LParen);
        this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'include' }) });
        this.CONSUME2(T.RParen);
      },
    });
    this.OPTION8(() => this.SUBRULE(this.indexPartition));
    this.OPTION3(() => this.SUBRULE(this.whereClause));
    this.OPTION4(() => this.SUBRULE(this.indexUsing));
    this.OPTION5(() => this.SUBRULE(this.indexWith));
  });

  /** `PARTITION BY HASH(expr, …)` of CREATE [PRIMARY] INDEX. */
  public indexPartition = this.RULE('indexPartition', () => {
    this.CONSUME(T.Partition);
    this.CONSUME(T.By);
    this.CONSUME(T.Hash);
    this.CONSUME(T.LParen);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression) });
    this.CONSUME(T.RParen);
  });

  public createPrimaryIndexStatement = this.RULE('createPrimaryIndexStatement', () => {
    this.CONSUME(T.Create);
    this.CONSUME(T.Primary);
    this.CONSUME(T.Index);
    this.OPTION(() => this.SUBRULE(this.ifNotExists));
    this.OPTION2(() => this.SUBRULE(this.objectName));
    this.OPTION3(() => this.SUBRULE2(this.ifNotExists));
    this.CONSUME(T.On);
    this.SUBRULE(this.keyspaceRef);
    this.OPTION6(() => this.SUBRULE(this.indexPartition));
    this.OPTION4(() => this.SUBRULE(this.indexUsing));
    this.OPTION5(() => this.SUBRULE(this.indexWith));
  });

  public ifNotExists = this.RULE('ifNotExists', () => {
    this.CONSUME(T.If);
    this.CONSUME(T.Not);
    this.CONSUME(T.Exists);
  });

  public ifExists = this.RULE('ifExists', () => {
    this.CONSUME(T.If);
    this.CONSUME(T.Exists);
  });

  /** An index key: `expr [ASC|DESC]`, `DISTINCT|ALL [DISTINCT] expr`, either in parentheses. */
  public indexKey = this.RULE('indexKey', () => {
    this.SUBRULE(this.indexKeyBody);
    // `DENSE VECTOR` / `SPARSE VECTOR` / `VECTOR`: a vector index key (couchbase/query n1ql.y index_term).
    this.OPTION2({
      GATE: () => this.word(1, 'VECTOR') || ((this.word(1, 'DENSE') || this.word(1, 'SPARSE')) && this.word(2, 'VECTOR')),
      DEF: () => {
        this.CONSUME(T.Identifier, { LABEL: 'vector' });
        this.OPTION3({ GATE: () => this.word(1, 'VECTOR'), DEF: () => this.CONSUME2(T.Identifier, { LABEL: 'vector' }) });
      },
    });
    // Up to two attributes, in any order (couchbase/query n1ql.y opt_ikattr): ASC|DESC and
    // INCLUDE MISSING; a repeated one is an error the visitor raises (3000, as the reference).
    this.OPTION(() => this.SUBRULE(this.indexKeyAttribute));
    this.OPTION4(() => this.SUBRULE2(this.indexKeyAttribute));
  });

  /** One attribute of an index key: `ASC`, `DESC` or `INCLUDE MISSING`. */
  public indexKeyAttribute = this.RULE('indexKeyAttribute', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Asc) },
      { ALT: () => this.CONSUME(T.Desc) },
      {
        GATE: () => this.word(1, 'INCLUDE') && this.LA(2).tokenType === T.Missing,
        ALT: () => {
          this.CONSUME(T.Identifier, { LABEL: 'include' });
          this.CONSUME(T.Missing);
        },
      },
    ]);
  });

  public indexKeyBody = this.RULE('indexKeyBody', () => {
    this.OR({ IGNORE_AMBIGUITIES: true, DEF: [
      {
        GATE: () => this.parenthesisedArrayKey(),
        ALT: () => {
          this.CONSUME(T.LParen);
          this.SUBRULE(this.indexKeyBody);
          this.CONSUME(T.RParen);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Distinct, { LABEL: 'distinct' });
          this.SUBRULE(this.expression);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.All, { LABEL: 'all' });
          this.OPTION(() => this.CONSUME2(T.Distinct, { LABEL: 'distinct' }));
          this.SUBRULE2(this.expression);
        },
      },
      { ALT: () => this.SUBRULE3(this.expression) },
    ] });
  });

  /** True when the tokens ahead are `(` … `(` followed by DISTINCT or ALL. */
  private parenthesisedArrayKey(): boolean {
    let k = 1;
    while (this.is(k, T.LParen)) k++;
    return k > 1 && (this.is(k, T.Distinct) || this.is(k, T.All));
  }

  public indexUsing = this.RULE('indexUsing', () => {
    this.CONSUME(T.Using);
    this.CONSUME(T.Identifier, { LABEL: 'kind' });
  });

  public indexWith = this.RULE('indexWith', () => {
    this.CONSUME(T.With);
    this.SUBRULE(this.expression);
  });

  /** `DROP [PRIMARY] INDEX [IF EXISTS] [name|ks.name] [IF EXISTS] [ON ks] [USING …]` */
  public dropIndexStatement = this.RULE('dropIndexStatement', () => {
    this.CONSUME(T.Drop);
    this.OPTION(() => this.CONSUME(T.Primary));
    this.OPTION7({ GATE: () => this.word(1, 'VECTOR'), DEF: () => this.CONSUME(T.Identifier, { LABEL: 'vector' }) });
    this.CONSUME(T.Index);
    this.OPTION2(() => this.SUBRULE(this.ifExists));
    this.OPTION3(() => this.SUBRULE(this.keyspaceRef, { LABEL: 'target' }));
    this.OPTION4(() => this.SUBRULE2(this.ifExists));
    this.OPTION5(() => {
      this.CONSUME(T.On);
      this.SUBRULE2(this.keyspaceRef, { LABEL: 'on' });
    });
    this.OPTION6(() => this.SUBRULE(this.indexUsing));
  });

  public buildIndexStatement = this.RULE('buildIndexStatement', () => {
    this.CONSUME(T.Build);
    this.CONSUME(T.Index);
    this.CONSUME(T.On);
    this.SUBRULE(this.keyspaceRef);
    this.CONSUME(T.LParen);
    // A name, a string, or an expression giving names (`["a", "b"]`, `$p`): n1ql.y's index_names.
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'name' }) });
    this.CONSUME(T.RParen);
  });


  // ---- sequences (couchbase/query parser/n1ql/n1ql.y: create_sequence, alter_sequence, drop_sequence, seq_expr) ----
  /** `CREATE SEQUENCE [IF NOT EXISTS] name [IF NOT EXISTS] [WITH {…} | option …]` */
  public createSequenceStatement = this.RULE('createSequenceStatement', () => {
    this.CONSUME(T.Create);
    this.CONSUME(T.SequenceKw);
    this.OPTION(() => this.SUBRULE(this.ifNotExists));
    this.SUBRULE(this.keyspaceRef);
    this.OPTION2(() => this.SUBRULE2(this.ifNotExists));
    this.MANY(() => this.OR([{ ALT: () => this.SUBRULE(this.indexWith) }, { ALT: () => this.SUBRULE(this.sequenceOption) }]));
  });

  /** `ALTER SEQUENCE name [WITH {…} | option …]` */
  public alterSequenceStatement = this.RULE('alterSequenceStatement', () => {
    this.CONSUME(T.Alter);
    this.CONSUME(T.SequenceKw);
    this.SUBRULE(this.keyspaceRef);
    this.MANY(() => this.OR([{ ALT: () => this.SUBRULE(this.indexWith) }, { ALT: () => this.SUBRULE(this.sequenceOption) }]));
  });

  /** `DROP SEQUENCE [IF EXISTS] name [IF EXISTS]` */
  public dropSequenceStatement = this.RULE('dropSequenceStatement', () => {
    this.CONSUME(T.Drop);
    this.CONSUME(T.SequenceKw);
    this.OPTION(() => this.SUBRULE(this.ifExists));
    this.SUBRULE(this.keyspaceRef);
    this.OPTION2(() => this.SUBRULE2(this.ifExists));
  });

  /**
   * One sequence option, its words checked by the AST builder: `START WITH n`, `RESTART [WITH n]`,
   * `INCREMENT BY n`, `MAXVALUE n`, `MINVALUE n`, `CACHE n`, `CYCLE`, and `NO MAXVALUE|MINVALUE|CACHE|CYCLE`.
   */
  public sequenceOption = this.RULE('sequenceOption', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          GATE: () => this.LA(1).image.toUpperCase() === 'NO',
          ALT: () => {
            this.CONSUME(T.Identifier, { LABEL: 'no' });
            this.CONSUME2(T.Identifier, { LABEL: 'word' });
          },
        },
        {
          ALT: () => {
            this.CONSUME3(T.Identifier, { LABEL: 'word' });
            this.OPTION(() => this.OR2([{ ALT: () => this.CONSUME(T.With) }, { ALT: () => this.CONSUME(T.By) }]));
            this.OPTION2(() => {
              this.OPTION3(() => this.CONSUME(T.Minus, { LABEL: 'minus' }));
              this.CONSUME(T.NumberLiteral, { LABEL: 'number' });
            });
          },
        },
      ],
    });
  });

  /** True when the tokens ahead are `NEXT|PREV VALUE FOR` or `NEXTVAL|PREVVAL FOR`. */
  private sequenceOperatorAhead(): boolean {
    if (this.is(1, T.Next) || this.is(1, T.Prev)) return this.is(2, T.Value) && this.is(3, T.For);
    return (this.is(1, T.Nextval) || this.is(1, T.Prevval)) && this.is(2, T.For);
  }

  /** `NEXT VALUE FOR name`, `PREV VALUE FOR name`, `NEXTVAL FOR name`, `PREVVAL FOR name` */
  public sequenceOperator = this.RULE('sequenceOperator', () => {
    this.OR([
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(T.Next, { LABEL: 'op' }) }, { ALT: () => this.CONSUME(T.Prev, { LABEL: 'op' }) }]);
          this.CONSUME(T.Value);
        },
      },
      { ALT: () => this.CONSUME(T.Nextval, { LABEL: 'op' }) },
      { ALT: () => this.CONSUME(T.Prevval, { LABEL: 'op' }) },
    ]);
    this.CONSUME(T.For);
    this.SUBRULE(this.keyspaceRef);
  });

  // ---- transactions -----------------------------------------------------------------------
  /** `BEGIN|START WORK|TRAN|TRANSACTION [ISOLATION LEVEL READ COMMITTED]` */
  public startTransactionStatement = this.RULE('startTransactionStatement', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Begin) }, { ALT: () => this.CONSUME(T.Start) }]);
    this.SUBRULE(this.transactionWord);
    this.OPTION(() => this.SUBRULE(this.isolationLevel));
  });

  /** `WORK | TRAN | TRANSACTION` */
  public transactionWord = this.RULE('transactionWord', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Work) }, { ALT: () => this.CONSUME(T.Tran) }, { ALT: () => this.CONSUME(T.Transaction) }]);
  });

  /** `ISOLATION LEVEL READ COMMITTED` (the one level the reference has) */
  public isolationLevel = this.RULE('isolationLevel', () => {
    this.CONSUME(T.Isolation);
    this.CONSUME(T.Level);
    this.CONSUME(T.Read);
    this.CONSUME(T.Committed);
  });

  /** `COMMIT [WORK|TRAN|TRANSACTION]` */
  public commitStatement = this.RULE('commitStatement', () => {
    this.CONSUME(T.Commit);
    this.OPTION(() => this.SUBRULE(this.transactionWord));
  });

  /** `ROLLBACK [WORK|TRAN|TRANSACTION] [TO SAVEPOINT name]` */
  public rollbackStatement = this.RULE('rollbackStatement', () => {
    this.CONSUME(T.Rollback);
    this.OPTION(() => this.SUBRULE(this.transactionWord));
    this.OPTION2(() => {
      this.CONSUME(T.To);
      this.CONSUME(T.Savepoint);
      this.SUBRULE(this.objectName);
    });
  });

  /** `SAVEPOINT name` */
  public savepointStatement = this.RULE('savepointStatement', () => {
    this.CONSUME(T.Savepoint);
    this.SUBRULE(this.objectName);
  });

  /** `SET TRANSACTION ISOLATION LEVEL READ COMMITTED` */
  public setTransactionStatement = this.RULE('setTransactionStatement', () => {
    this.CONSUME(T.Set);
    this.CONSUME(T.Transaction);
    this.SUBRULE(this.isolationLevel);
  });

  // ---- expressions, lowest precedence first ------------------------------------------------
  public expression = this.RULE('expression', () => {
    this.SUBRULE(this.orExpression);
  });

  public orExpression = this.RULE('orExpression', () => {
    this.SUBRULE(this.andExpression, { LABEL: 'operand' });
    this.MANY(() => {
      this.CONSUME(T.Or);
      this.SUBRULE2(this.andExpression, { LABEL: 'operand' });
    });
  });

  public andExpression = this.RULE('andExpression', () => {
    this.SUBRULE(this.notExpression, { LABEL: 'operand' });
    this.MANY(() => {
      this.CONSUME(T.And);
      this.SUBRULE2(this.notExpression, { LABEL: 'operand' });
    });
  });

  public notExpression = this.RULE('notExpression', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Not);
          this.SUBRULE(this.notExpression);
        },
      },
      { ALT: () => this.SUBRULE(this.comparisonExpression) },
    ]);
  });

  public comparisonExpression = this.RULE('comparisonExpression', () => {
    this.SUBRULE(this.concatExpression, { LABEL: 'operand' });
    this.MANY(() => this.SUBRULE(this.comparisonTail));
  });

  /** One comparison applied to the expression on its left. */
  public comparisonTail = this.RULE('comparisonTail', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.ComparisonOp);
          this.SUBRULE(this.concatExpression, { LABEL: 'right' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Is);
          this.OPTION(() => this.CONSUME(T.Not));
          this.OR2([
            { ALT: () => this.CONSUME(T.Null, { LABEL: 'test' }) },
            { ALT: () => this.CONSUME(T.Missing, { LABEL: 'test' }) },
            { ALT: () => this.CONSUME(T.Valued, { LABEL: 'test' }) },
            { ALT: () => this.CONSUME(T.Unknown, { LABEL: 'test' }) },
          ]);
        },
      },
      {
        ALT: () => {
          this.OPTION2(() => this.CONSUME2(T.Not));
          this.OR3([
            {
              ALT: () => {
                this.CONSUME(T.Like);
                this.SUBRULE2(this.concatExpression, { LABEL: 'right' });
                this.OPTION3(() => {
                  this.CONSUME(T.Escape);
                  this.SUBRULE3(this.concatExpression, { LABEL: 'escape' });
                });
              },
            },
            {
              ALT: () => {
                this.CONSUME(T.In);
                this.SUBRULE4(this.concatExpression, { LABEL: 'right' });
              },
            },
            {
              ALT: () => {
                this.CONSUME(T.Between);
                this.SUBRULE5(this.concatExpression, { LABEL: 'right' });
                this.CONSUME(T.And);
                this.SUBRULE6(this.concatExpression, { LABEL: 'high' });
              },
            },
          ]);
        },
      },
    ]);
  });

  public concatExpression = this.RULE('concatExpression', () => {
    this.SUBRULE(this.additiveExpression, { LABEL: 'operand' });
    this.MANY(() => {
      this.CONSUME(T.Concat);
      this.SUBRULE2(this.additiveExpression, { LABEL: 'operand' });
    });
  });

  public additiveExpression = this.RULE('additiveExpression', () => {
    this.SUBRULE(this.multiplicativeExpression, { LABEL: 'operand' });
    this.MANY(() => {
      this.CONSUME(T.AdditiveOp, { LABEL: 'op' });
      this.SUBRULE2(this.multiplicativeExpression, { LABEL: 'operand' });
    });
  });

  public multiplicativeExpression = this.RULE('multiplicativeExpression', () => {
    this.SUBRULE(this.unaryExpression, { LABEL: 'operand' });
    this.MANY(() => {
      this.CONSUME(T.MultiplicativeOp, { LABEL: 'op' });
      this.SUBRULE2(this.unaryExpression, { LABEL: 'operand' });
    });
  });

  public unaryExpression = this.RULE('unaryExpression', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Minus);
          this.SUBRULE(this.unaryExpression);
        },
      },
      { ALT: () => this.SUBRULE(this.postfixExpression) },
    ]);
  });

  public postfixExpression = this.RULE('postfixExpression', () => {
    this.SUBRULE(this.primaryExpression);
    this.MANY({
      GATE: () => !(this.is(1, T.Dot) && this.is(2, T.Star)),
      DEF: () => this.SUBRULE(this.pathStep),
    });
  });

  /** `.name`, `.[expr]`, `[expr]`, `[start:end]`, `[start:]`, `[:end]`, `[:]`, `[]`, `[*]` */
  public pathStep = this.RULE('pathStep', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Dot);
          this.OR2([
            { ALT: () => this.CONSUME(T.Name, { LABEL: 'name' }) },
            {
              ALT: () => {
                this.CONSUME(T.LBracket, { LABEL: 'dynamic' });
                this.SUBRULE(this.expression, { LABEL: 'nameExpr' });
                this.CONSUME(T.RBracket);
              },
            },
          ]);
        },
      },
      {
        // `[*]` (ARRAY_STAR as an operator), `[]` and `[:]` (the whole array, mapped by a
        // following field step), `[:end]`: couchbase/query parser/n1ql/n1ql.y path rules.
        ALT: () => {
          this.CONSUME2(T.LBracket);
          this.OPTION3(() => {
            this.OR3([
              { ALT: () => this.CONSUME(T.Star, { LABEL: 'star' }) },
              {
                ALT: () => {
                  this.CONSUME2(T.Colon, { LABEL: 'slice' });
                  this.OPTION4(() => this.SUBRULE4(this.expression, { LABEL: 'end' }));
                },
              },
              {
                ALT: () => {
                  this.SUBRULE2(this.expression, { LABEL: 'index' });
                  this.OPTION(() => {
                    this.CONSUME(T.Colon, { LABEL: 'slice' });
                    this.OPTION2(() => this.SUBRULE3(this.expression, { LABEL: 'end' }));
                  });
                },
              },
            ]);
          });
          this.CONSUME2(T.RBracket);
        },
      },
    ]);
  });

  public primaryExpression = this.RULE('primaryExpression', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: (this.primaryAlts ??= [
        { ALT: () => this.SUBRULE(this.literal) },
        { ALT: () => this.CONSUME(T.NamedParam) },
        { ALT: () => this.CONSUME(T.PositionalParam) },
        { ALT: () => this.CONSUME(T.Question) },
        { ALT: () => this.CONSUME(T.Self) },
        { ALT: () => this.SUBRULE(this.arrayConstruct) },
        { ALT: () => this.SUBRULE(this.objectConstruct) },
        { GATE: () => this.is(2, T.Select) || this.is(2, T.With), ALT: () => this.SUBRULE(this.subquery) },
        { GATE: () => this.is(1, T.LParen) && this.is(2, T.Infer), ALT: () => this.SUBRULE(this.inferSubquery) },
        { GATE: () => this.is(1, T.LParen) && (this.is(2, T.Distinct) || this.is(2, T.All)), ALT: () => this.SUBRULE(this.nestedArrayKey) },
        { ALT: () => this.SUBRULE(this.parenthesised) },
        { ALT: () => this.SUBRULE(this.caseExpression) },
        { ALT: () => this.SUBRULE(this.collectionExpression) },
        { GATE: () => this.startsExpr(2), ALT: () => this.SUBRULE(this.arrayForExpression) },
        { GATE: () => this.startsExpr(2), ALT: () => this.SUBRULE(this.objectForExpression) },
        { ALT: () => this.SUBRULE(this.existsExpression) },
        { GATE: () => this.sequenceOperatorAhead(), ALT: () => this.SUBRULE(this.sequenceOperator) },
        { ALT: () => this.SUBRULE(this.identifierOrCall) },
      ]),
    });
  });
  private primaryAlts?: IOrAlt<unknown>[];

  public literal = this.RULE('literal', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.NumberLiteral) },
      { ALT: () => this.CONSUME(T.StringLiteral) },
      { ALT: () => this.CONSUME(T.True) },
      { ALT: () => this.CONSUME(T.False) },
      { ALT: () => this.CONSUME(T.Null) },
      { ALT: () => this.CONSUME(T.Missing) },
    ]);
  });

  public arrayConstruct = this.RULE('arrayConstruct', () => {
    this.CONSUME(T.LBracket);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'item' }) });
    this.CONSUME(T.RBracket);
  });

  public objectConstruct = this.RULE('objectConstruct', () => {
    this.CONSUME(T.LBrace);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.objectField) });
    this.CONSUME(T.RBrace);
  });

  public objectField = this.RULE('objectField', () => {
    this.SUBRULE(this.expression, { LABEL: 'name' });
    // `{a, b.c}`: a member without `: value` is named after its path's last step.
    this.OPTION(() => {
      this.CONSUME(T.Colon);
      this.SUBRULE2(this.expression, { LABEL: 'value' });
    });
  });

  public subquery = this.RULE('subquery', () => {
    this.CONSUME(T.LParen);
    this.SUBRULE(this.selectStatement);
    this.CONSUME(T.RParen);
  });

  public parenthesised = this.RULE('parenthesised', () => {
    this.CONSUME(T.LParen);
    this.SUBRULE(this.expression);
    this.CONSUME(T.RParen);
  });

  public caseExpression = this.RULE('caseExpression', () => {
    this.CONSUME(T.Case);
    this.OPTION(() => this.SUBRULE(this.expression, { LABEL: 'subject' }));
    this.AT_LEAST_ONE(() => {
      this.CONSUME(T.When);
      this.SUBRULE2(this.expression, { LABEL: 'when' });
      this.CONSUME(T.Then);
      this.SUBRULE3(this.expression, { LABEL: 'then' });
    });
    this.OPTION2(() => {
      this.CONSUME(T.Else);
      this.SUBRULE4(this.expression, { LABEL: 'else' });
    });
    this.CONSUME(T.End);
  });

  /** `ANY|SOME|EVERY|ANY AND EVERY|SOME AND EVERY bindings SATISFIES cond END` */
  public collectionExpression = this.RULE('collectionExpression', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Any, { LABEL: 'quantifier' }) },
      { ALT: () => this.CONSUME(T.Some, { LABEL: 'quantifier' }) },
      { ALT: () => this.CONSUME(T.Every, { LABEL: 'quantifier' }) },
    ]);
    this.OPTION(() => {
      this.CONSUME(T.And);
      this.CONSUME2(T.Every, { LABEL: 'andEvery' });
    });
    this.SUBRULE(this.bindings);
    this.CONSUME(T.Satisfies);
    this.SUBRULE(this.expression, { LABEL: 'satisfies' });
    this.CONSUME(T.End);
  });

  /** `ARRAY|FIRST mapping FOR bindings [WHEN cond] END` */
  /**
   * `( DISTINCT|ALL [DISTINCT] ARRAY … END )`: a nested array index key, as the mapping of an
   * array key (couchbase/query n1ql.y paren_expr with all_expr); elsewhere a semantic error (3284).
   */
  public nestedArrayKey = this.RULE('nestedArrayKey', () => {
    this.CONSUME(T.LParen);
    this.OR([
      { ALT: () => this.CONSUME(T.Distinct, { LABEL: 'distinct' }) },
      {
        ALT: () => {
          this.CONSUME(T.All, { LABEL: 'all' });
          this.OPTION(() => this.CONSUME2(T.Distinct, { LABEL: 'distinct' }));
        },
      },
    ]);
    // `(distinct (array … end))`, as the reference prints it, is accepted too.
    this.OR2([
      { ALT: () => this.SUBRULE(this.arrayForExpression) },
      {
        ALT: () => {
          this.CONSUME2(T.LParen);
          this.SUBRULE2(this.arrayForExpression);
          this.CONSUME2(T.RParen);
        },
      },
    ]);
    this.CONSUME(T.RParen);
  });

  public arrayForExpression = this.RULE('arrayForExpression', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.ArrayKw, { LABEL: 'kind' }) },
      { ALT: () => this.CONSUME(T.First, { LABEL: 'kind' }) },
    ]);
    this.SUBRULE(this.expression, { LABEL: 'mapping' });
    this.SUBRULE(this.forClause);
  });

  /** `OBJECT name : value FOR bindings [WHEN cond] END` */
  public objectForExpression = this.RULE('objectForExpression', () => {
    this.CONSUME(T.ObjectKw);
    this.SUBRULE(this.expression, { LABEL: 'name' });
    this.CONSUME(T.Colon);
    this.SUBRULE2(this.expression, { LABEL: 'value' });
    this.SUBRULE(this.forClause);
  });

  public forClause = this.RULE('forClause', () => {
    this.CONSUME(T.For);
    this.SUBRULE(this.bindings);
    this.OPTION(() => {
      this.CONSUME(T.When);
      this.SUBRULE(this.expression, { LABEL: 'when' });
    });
    this.CONSUME(T.End);
  });

  public bindings = this.RULE('bindings', () => {
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.binding) });
  });

  /** `[name :] variable IN|WITHIN expr` */
  public binding = this.RULE('binding', () => {
    this.OPTION(() => {
      this.CONSUME(T.Identifier, { LABEL: 'nameVariable' });
      this.CONSUME(T.Colon);
    });
    this.CONSUME2(T.Identifier, { LABEL: 'variable' });
    this.OR([{ ALT: () => this.CONSUME(T.In) }, { ALT: () => this.CONSUME(T.Within) }]);
    this.SUBRULE(this.expression);
  });

  public existsExpression = this.RULE('existsExpression', () => {
    this.CONSUME(T.Exists);
    this.SUBRULE(this.postfixExpression);
  });

  /** `name` or `name([DISTINCT|ALL] args | *) [FILTER (WHERE cond)]` */
  public identifierOrCall = this.RULE('identifierOrCall', () => {
    const name = this.CONSUME(T.Identifier, { LABEL: 'name' });
    this.OPTION(() => {
      this.CONSUME(T.LParen, { LABEL: 'call' });
      this.OPTION2(() =>
        this.OR([
          { ALT: () => this.CONSUME(T.Star) },
          {
            ALT: () => {
              this.OPTION3(() =>
                this.OR2([{ ALT: () => this.CONSUME(T.Distinct) }, { ALT: () => this.CONSUME(T.All) }]),
              );
              this.AT_LEAST_ONE_SEP({
                SEP: T.Comma,
                DEF: () => {
                  this.SUBRULE(this.expression, { LABEL: 'arg' });
                  // FLATTEN_KEYS(expr [ASC|DESC] [INCLUDE MISSING], …): each key's attributes (n1ql.y flatten_keys_expr).
                  this.MANY({
                    GATE: () => name.image.toUpperCase() === 'FLATTEN_KEYS' && (this.is(1, T.Asc) || this.is(1, T.Desc) || (this.word(1, 'INCLUDE') && this.is(2, T.Missing))),
                    DEF: () =>
                      this.OR6([
                        { ALT: () => this.CONSUME(T.Asc, { LABEL: 'keyAttr' }) },
                        { ALT: () => this.CONSUME(T.Desc, { LABEL: 'keyAttr' }) },
                        {
                          ALT: () => {
                            this.CONSUME3(T.Identifier, { LABEL: 'keyAttr' });
                            this.CONSUME(T.Missing);
                          },
                        },
                      ]),
                  });
                },
              });
            },
          },
        ]),
      );
      this.CONSUME(T.RParen);
      // An aggregate's `FILTER (WHERE cond)`; FILTER is soft, so `f(x) filter` stays an alias.
      this.OPTION4({
        GATE: () => this.is(1, T.Filter) && this.is(2, T.LParen),
        DEF: () => {
          this.CONSUME(T.Filter);
          this.CONSUME2(T.LParen);
          this.CONSUME(T.Where);
          this.SUBRULE2(this.expression, { LABEL: 'filter' });
          this.CONSUME2(T.RParen);
        },
      });
      // Window functions: `NTH_VALUE(…) FROM FIRST|LAST`, `RESPECT|IGNORE NULLS`, `OVER (…)|OVER name`.
      this.OPTION5({
        GATE: () => this.is(1, T.From) && (this.is(2, T.First) || this.is(2, T.Last)) && (this.is(3, T.Over) || this.is(3, T.Respect) || this.is(3, T.Ignore)),
        DEF: () => {
          this.CONSUME(T.From);
          this.OR3([{ ALT: () => this.CONSUME(T.First, { LABEL: 'fromEnd' }) }, { ALT: () => this.CONSUME(T.Last, { LABEL: 'fromEnd' }) }]);
        },
      });
      this.OPTION6({
        GATE: () => (this.is(1, T.Respect) || this.is(1, T.Ignore)) && this.is(2, T.Nulls),
        DEF: () => {
          this.OR4([{ ALT: () => this.CONSUME(T.Respect, { LABEL: 'nullsTreatment' }) }, { ALT: () => this.CONSUME(T.Ignore, { LABEL: 'nullsTreatment' }) }]);
          this.CONSUME(T.Nulls);
        },
      });
      this.OPTION7({
        GATE: () => this.is(1, T.Over) && (this.is(2, T.LParen) || this.isName(2)),
        DEF: () => {
          this.CONSUME(T.Over);
          this.OR5([
            {
              ALT: () => {
                this.CONSUME3(T.LParen);
                this.SUBRULE(this.windowSpec);
                this.CONSUME3(T.RParen);
              },
            },
            { ALT: () => this.CONSUME2(T.Identifier, { LABEL: 'windowRef' }) },
          ]);
        },
      });
    });
  });

  // ---- window functions ---------------------------------------------------------------------
  /** `[name] [PARTITION BY exprs] [ORDER BY terms] [frame]` (couchbase/query n1ql.y window_specification). */
  public windowSpec = this.RULE('windowSpec', () => {
    this.OPTION({
      GATE: () => this.isName(1) && !this.is(1, T.Partition) && !this.is(1, T.Rows) && !this.is(1, T.Range) && !this.is(1, T.Groups),
      DEF: () => this.CONSUME(T.Identifier, { LABEL: 'baseName' }),
    });
    this.OPTION2({
      GATE: () => this.is(1, T.Partition) && this.is(2, T.By),
      DEF: () => {
        this.CONSUME(T.Partition);
        this.CONSUME(T.By);
        this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'partition' }) });
      },
    });
    this.OPTION3(() => this.SUBRULE(this.orderByClause));
    this.OPTION4({ GATE: () => this.is(1, T.Rows) || this.is(1, T.Range) || this.is(1, T.Groups), DEF: () => this.SUBRULE(this.windowFrame) });
  });

  /** `ROWS|RANGE|GROUPS (BETWEEN bound AND bound | bound) [EXCLUDE CURRENT ROW|GROUP|TIES|NO OTHERS]` */
  public windowFrame = this.RULE('windowFrame', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Rows, { LABEL: 'unit' }) },
      { ALT: () => this.CONSUME(T.Range, { LABEL: 'unit' }) },
      { ALT: () => this.CONSUME(T.Groups, { LABEL: 'unit' }) },
    ]);
    this.OR2([
      {
        ALT: () => {
          this.CONSUME(T.Between);
          this.SUBRULE(this.frameBound, { LABEL: 'start' });
          this.CONSUME(T.And);
          this.SUBRULE2(this.frameBound, { LABEL: 'end' });
        },
      },
      { ALT: () => this.SUBRULE3(this.frameBound, { LABEL: 'start' }) },
    ]);
    this.OPTION(() => {
      this.CONSUME(T.Exclude);
      this.OR3([
        {
          ALT: () => {
            this.CONSUME(T.Current, { LABEL: 'exclude' });
            this.CONSUME(T.Row);
          },
        },
        { ALT: () => this.CONSUME(T.Group, { LABEL: 'exclude' }) },
        { ALT: () => this.CONSUME(T.Ties, { LABEL: 'exclude' }) },
        {
          ALT: () => {
            this.CONSUME(T.No, { LABEL: 'exclude' });
            this.CONSUME(T.Others);
          },
        },
      ]);
    });
  });

  /** `UNBOUNDED PRECEDING|FOLLOWING`, `CURRENT ROW` or `expr PRECEDING|FOLLOWING`. */
  public frameBound = this.RULE('frameBound', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          GATE: () => this.is(1, T.Unbounded) && (this.is(2, T.Preceding) || this.is(2, T.Following)),
          ALT: () => {
            this.CONSUME(T.Unbounded);
            this.OR2([{ ALT: () => this.CONSUME(T.Preceding, { LABEL: 'direction' }) }, { ALT: () => this.CONSUME(T.Following, { LABEL: 'direction' }) }]);
          },
        },
        {
          GATE: () => this.is(1, T.Current) && this.is(2, T.Row),
          ALT: () => {
            this.CONSUME(T.Current);
            this.CONSUME(T.Row);
          },
        },
        {
          ALT: () => {
            this.SUBRULE(this.expression, { LABEL: 'offset' });
            this.OR3([{ ALT: () => this.CONSUME2(T.Preceding, { LABEL: 'direction' }) }, { ALT: () => this.CONSUME2(T.Following, { LABEL: 'direction' }) }]);
          },
        },
      ],
    });
  });

  /** `WINDOW name AS (spec), …` after GROUP BY (couchbase/query n1ql.y opt_window_clause). */
  public windowClause = this.RULE('windowClause', () => {
    this.CONSUME(T.Window);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.namedWindow) });
  });

  public namedWindow = this.RULE('namedWindow', () => {
    this.CONSUME(T.Identifier, { LABEL: 'name' });
    this.CONSUME(T.As);
    this.CONSUME(T.LParen);
    this.SUBRULE(this.windowSpec);
    this.CONSUME(T.RParen);
  });
  // ---- security and container DDL (parsed for SANITIZE and EXPLAIN-free tooling; not executed) ----
  /**
   * `CREATE|ALTER USER u [PASSWORD "p"] [WITH "name"] [GROUP[S] g, … | NO GROUPS]`,
   * `CREATE|ALTER GROUP [IF NOT EXISTS] g [WITH "desc"] [ROLE[S] role [ON ks], … | NO ROLES]`,
   * `DROP USER|GROUP [IF EXISTS] name`, `GRANT|REVOKE role, … [ON ks, …] TO|FROM [USERS|GROUPS] name, …`
   * (couchbase/query parser/n1ql/n1ql.y: create_user … revoke_role).
   */
  public securityStatement = this.RULE('securityStatement', () => {
    this.OR({ IGNORE_AMBIGUITIES: true, DEF: [
      {
        GATE: () => this.word(1, 'GRANT') || this.word(1, 'REVOKE'),
        ALT: () => {
          this.CONSUME(T.Identifier, { LABEL: 'verb' });
          this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.roleName, { LABEL: 'role' }) });
          this.OPTION(() => {
            this.CONSUME(T.On);
            this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.keyspaceRef, { LABEL: 'on' }) });
          });
          this.OR2([{ ALT: () => this.CONSUME(T.To) }, { ALT: () => this.CONSUME(T.From) }]);
          this.OPTION2({
            GATE: () => this.word(1, 'USERS') || this.word(1, 'USER') || this.is(1, T.Groups) || this.is(1, T.Group),
            DEF: () =>
              this.OR7({
                IGNORE_AMBIGUITIES: true,
                DEF: [
                  { ALT: () => this.CONSUME3(T.Groups, { LABEL: 'principalKind' }) },
                  { ALT: () => this.CONSUME3(T.Group, { LABEL: 'principalKind' }) },
                  { ALT: () => this.CONSUME2(T.Identifier, { LABEL: 'principalKind' }) },
                ],
              }),
          });
          this.AT_LEAST_ONE_SEP3({ SEP: T.Comma, DEF: () => this.SUBRULE2(this.keyspaceRef, { LABEL: 'principal' }) });
        },
      },
      {
        ALT: () => {
          this.OR3({ IGNORE_AMBIGUITIES: true, DEF: [{ ALT: () => this.CONSUME(T.Create, { LABEL: 'action' }) }, { ALT: () => this.CONSUME(T.Alter, { LABEL: 'action' }) }, { ALT: () => this.CONSUME(T.Drop, { LABEL: 'action' }) }] });
          this.OR4([{ ALT: () => this.CONSUME(T.Group, { LABEL: 'group' }) }, { ALT: () => this.CONSUME3(T.Identifier, { LABEL: 'user' }) }]);
          this.OPTION3(() => this.SUBRULE(this.ifNotExists));
          this.OPTION4(() => this.SUBRULE(this.ifExists));
          this.SUBRULE3(this.keyspaceRef, { LABEL: 'name' });
          this.MANY(() =>
            this.OR5({ IGNORE_AMBIGUITIES: true, DEF: [
              {
                GATE: () => this.word(1, 'PASSWORD'),
                ALT: () => {
                  this.CONSUME4(T.Identifier, { LABEL: 'passwordKw' });
                  this.CONSUME(T.StringLiteral, { LABEL: 'password' });
                },
              },
              {
                ALT: () => {
                  this.CONSUME(T.With);
                  this.CONSUME2(T.StringLiteral, { LABEL: 'description' });
                },
              },
              {
                GATE: () => this.is(1, T.Groups) || this.is(1, T.Group),
                ALT: () => {
                  this.OR6([{ ALT: () => this.CONSUME(T.Groups, { LABEL: 'groupsKw' }) }, { ALT: () => this.CONSUME2(T.Group, { LABEL: 'groupsKw' }) }]);
                  this.AT_LEAST_ONE_SEP4({ SEP: T.Comma, DEF: () => this.CONSUME5(T.Identifier, { LABEL: 'groupName' }) });
                },
              },
              {
                GATE: () => this.word(1, 'ROLES') || this.word(1, 'ROLE'),
                ALT: () => {
                  this.CONSUME6(T.Identifier, { LABEL: 'rolesKw' });
                  this.AT_LEAST_ONE_SEP5({ SEP: T.Comma, DEF: () => this.SUBRULE(this.roleSpec, { LABEL: 'roles' }) });
                },
              },
              {
                ALT: () => {
                  this.CONSUME(T.No, { LABEL: 'no' });
                  this.CONSUME7(T.Identifier, { LABEL: 'noWhat' });
                },
              },
            ] }),
          );
        },
      },
    ] });
  });

  /** A role name: a name or one of the reserved words that name roles (`select`, `update`, …). */
  public roleName = this.RULE('roleName', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Identifier) },
      { ALT: () => this.CONSUME(T.Select) },
      { ALT: () => this.CONSUME(T.Insert) },
      { ALT: () => this.CONSUME(T.Update) },
      { ALT: () => this.CONSUME(T.Delete) },
      { ALT: () => this.CONSUME(T.Upsert) },
    ]);
  });

  /** `role [ON ks]` in a group's ROLES list. */
  public roleSpec = this.RULE('roleSpec', () => {
    this.SUBRULE(this.roleName);
    this.OPTION(() => {
      this.CONSUME(T.On);
      this.SUBRULE(this.keyspaceRef);
    });
  });

  /**
   * `CREATE|ALTER|DROP BUCKET name …`, `CREATE|DROP SCOPE ks`, `CREATE|DROP COLLECTION ks`,
   * `FLUSH COLLECTION ks` with `IF [NOT] EXISTS` before or after the name and `WITH {…}`.
   */
  public containerStatement = this.RULE('containerStatement', () => {
    this.OR({ IGNORE_AMBIGUITIES: true, DEF: [
      { ALT: () => this.CONSUME(T.Create, { LABEL: 'action' }) },
      { ALT: () => this.CONSUME(T.Alter, { LABEL: 'action' }) },
      { ALT: () => this.CONSUME(T.Drop, { LABEL: 'action' }) },
      { GATE: () => this.word(1, 'FLUSH'), ALT: () => this.CONSUME(T.Identifier, { LABEL: 'action' }) },
    ] });
    this.OR2({ IGNORE_AMBIGUITIES: true, DEF: [{ ALT: () => this.CONSUME(T.CollectionKw, { LABEL: 'container' }) }, { ALT: () => this.CONSUME2(T.Identifier, { LABEL: 'container' }) }] });
    this.OPTION(() => this.SUBRULE(this.ifNotExists));
    this.OPTION2(() => this.SUBRULE(this.ifExists));
    this.SUBRULE(this.keyspaceRef);
    this.OPTION3(() => this.SUBRULE2(this.ifNotExists));
    this.OPTION4(() => this.SUBRULE2(this.ifExists));
    this.OPTION5(() => this.SUBRULE(this.indexWith));
  });

  /** `ALTER INDEX [ks.]name [ON ks] WITH {…}` */
  public alterIndexStatement = this.RULE('alterIndexStatement', () => {
    this.CONSUME(T.Alter);
    this.CONSUME(T.Index);
    this.SUBRULE(this.keyspaceRef, { LABEL: 'target' });
    this.OPTION(() => {
      this.CONSUME(T.On);
      this.SUBRULE2(this.keyspaceRef, { LABEL: 'on' });
    });
    this.OPTION2(() => this.SUBRULE(this.indexUsing));
    this.SUBRULE(this.indexWith);
  });

  /** `EXPLAIN FUNCTION name` */
  public explainFunctionStatement = this.RULE('explainFunctionStatement', () => {
    this.CONSUME(T.Explain);
    this.CONSUME(T.FunctionKw);
    this.SUBRULE(this.keyspaceRef, { LABEL: 'name' });
  });
}

/** The one parser instance (reset with `parser.input = tokens`). */
export const parser = new N1qlParser();

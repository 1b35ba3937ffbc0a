/**
 * Every token of the N1QL subset (DESIGN §2, STYLE §2 habit 1). `allTokens` is ordered for the
 * lexer: comments and whitespace, keywords (each with `longer_alt: Identifier`), then
 * identifiers, literals and punctuation (longer operators before their prefixes).
 *
 * Categories:
 * - `Name`: anything usable as a field name after `.`: identifiers and every keyword.
 * - `Identifier`: a bare or backticked name, plus the soft keywords (VALUE, KEY, ARRAY, FIRST …),
 *   which are keywords only in the positions that need them, so `a.value`, `value`, `type`,
 *   `name` and `id` all work as field names.
 * - `ComparisonOp`, `AdditiveOp`, `MultiplicativeOp`: operator classes.
 */
import { createToken, Lexer, type CustomPatternMatcherFunc, type TokenType } from 'chevrotain';

// The first characters of the regular-expression tokens (`start_chars_hint`, see startChars).
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'].flatMap((c) => [c, c.toUpperCase()]);
const DIGITS = [...'0123456789'];
/** What `\s` matches: ECMAScript's WhiteSpace and LineTerminator code points. */
const WHITE_SPACE = [9, 10, 11, 12, 13, 32, 0xa0, 0x1680, ...Array.from({ length: 11 }, (_, i) => 0x2000 + i), 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff];

export const Name = createToken({ name: 'Name', pattern: Lexer.NA });
export const Identifier = createToken({ name: 'Identifier', pattern: /[a-zA-Z_][a-zA-Z0-9_$]*/, start_chars_hint: [...LETTERS, '_'], line_breaks: false, categories: [Name] });

/** `` `any text` `` with ``` `` ``` for a backtick, optionally followed by `i` (case-insensitive). */
const matchQuoted: CustomPatternMatcherFunc = (text, offset) => {
  if (text.charCodeAt(offset) !== 96) return null;
  let i = offset + 1;
  for (;;) {
    const j = text.indexOf('`', i);
    if (j < 0) return null;
    if (text.charCodeAt(j + 1) === 96) {
      i = j + 2;
      continue;
    }
    let end = j + 1;
    if (text[end] === 'i' && !/[a-zA-Z0-9_$]/.test(text[end + 1] ?? '')) end++;
    const m: [string] = [text.slice(offset, end)];
    return m as unknown as RegExpExecArray;
  }
};
export const QuotedIdentifier = createToken({
  name: 'QuotedIdentifier',
  pattern: { exec: matchQuoted },
  start_chars_hint: ['`'],
  line_breaks: true,
  categories: [Identifier],
});

const keywords: TokenType[] = [];
/**
 * The characters a keyword can start with, given to the lexer (`start_chars_hint`) so that it
 * need not parse the keyword's regular expression to find them; likewise `line_breaks: false`
 * on the tokens that cannot span lines. The lexer's analysis of ~150 patterns is otherwise a
 * good part of the CLI's start-up.
 */
const startChars = (word: string): string[] => [word[0]!.toUpperCase(), word[0]!.toLowerCase()];
/** A reserved keyword: never a bare identifier, but a field name after `.`. */
function kw(word: string): TokenType {
  const t = createToken({ name: word, pattern: new RegExp(word, 'i'), start_chars_hint: startChars(word), line_breaks: false, longer_alt: Identifier, categories: [Name] });
  keywords.push(t);
  return t;
}
/** A soft keyword: lexes in the `Identifier` category, special only where the grammar asks for it. */
function soft(word: string): TokenType {
  const t = createToken({ name: word, pattern: new RegExp(word, 'i'), start_chars_hint: startChars(word), line_breaks: false, longer_alt: Identifier, categories: [Identifier] });
  keywords.push(t);
  return t;
}

// Reserved words (alphabetical). A keyword that is a prefix of another must come later: sorted below.
export const All = kw('ALL');
export const And = kw('AND');
export const Any = kw('ANY');
export const As = kw('AS');
export const Asc = kw('ASC');
export const Between = kw('BETWEEN');
export const Build = kw('BUILD');
export const By = kw('BY');
export const Case = kw('CASE');
export const Create = kw('CREATE');
export const Delete = kw('DELETE');
export const Desc = kw('DESC');
export const Distinct = kw('DISTINCT');
export const Drop = kw('DROP');
export const Element = kw('ELEMENT');
export const Else = kw('ELSE');
export const End = kw('END');
export const Escape = kw('ESCAPE');
export const Every = kw('EVERY');
export const Except = kw('EXCEPT');
export const Exclude = kw('EXCLUDE');
export const Execute = kw('EXECUTE');
export const Exists = kw('EXISTS');
export const Explain = kw('EXPLAIN');
export const False = kw('FALSE');
export const For = kw('FOR');
export const From = kw('FROM');
export const Group = kw('GROUP');
export const Having = kw('HAVING');
export const If = kw('IF');
export const In = kw('IN');
export const Inner = kw('INNER');
export const Insert = kw('INSERT');
export const Intersect = kw('INTERSECT');
export const Into = kw('INTO');
export const Is = kw('IS');
export const Join = kw('JOIN');
export const Left = kw('LEFT');
export const Let = kw('LET');
export const Letting = kw('LETTING');
export const Like = kw('LIKE');
export const Limit = kw('LIMIT');
export const Merge = kw('MERGE');
export const Missing = kw('MISSING');
export const Nest = kw('NEST');
export const Not = kw('NOT');
export const Null = kw('NULL');
export const Offset = kw('OFFSET');
export const On = kw('ON');
export const Or = kw('OR');
export const Order = kw('ORDER');
export const Outer = kw('OUTER');
export const Prepare = kw('PREPARE');
export const Raw = kw('RAW');
export const Returning = kw('RETURNING');
export const Right = kw('RIGHT');
export const Satisfies = kw('SATISFIES');
export const Select = kw('SELECT');
export const Self = kw('SELF');
export const Set = kw('SET');
export const Some = kw('SOME');
export const Then = kw('THEN');
export const True = kw('TRUE');
export const Union = kw('UNION');
export const Unnest = kw('UNNEST');
export const Unset = kw('UNSET');
export const Update = kw('UPDATE');
export const Upsert = kw('UPSERT');
export const Use = kw('USE');
export const Using = kw('USING');
export const Values = kw('VALUES');
export const When = kw('WHEN');
export const Where = kw('WHERE');
export const With = kw('WITH');
export const Within = kw('WITHIN');
// Transaction statements (soft: `work`, `level`, `read` … stay field names).
export const Begin = soft('BEGIN');
export const Start = soft('START');
export const Work = soft('WORK');
export const Transaction = soft('TRANSACTION');
export const Tran = soft('TRAN');
export const Commit = soft('COMMIT');
export const Committed = soft('COMMITTED');
export const Rollback = soft('ROLLBACK');
export const Savepoint = soft('SAVEPOINT');
export const Isolation = soft('ISOLATION');
export const Level = soft('LEVEL');
export const Read = soft('READ');
export const To = soft('TO');

// Soft keywords: usable as bare names everywhere except their own positions.
export const Advise = soft('ADVISE');
export const Analyze = soft('ANALYZE');
export const ArrayKw = soft('ARRAY');
// FILTER is reserved in the reference; soft here so that existing `filter` field names keep working.
export const CollectionKw = soft('COLLECTION');
export const Filter = soft('FILTER');
export const First = soft('FIRST');
export const Force = soft('FORCE');
export const Hash = soft('HASH');
export const Index = soft('INDEX');
export const Infer = soft('INFER');
export const Key = soft('KEY');
export const Keys = soft('KEYS');
export const KeyspaceKw = soft('KEYSPACE');
export const Last = soft('LAST');
export const Lateral = soft('LATERAL');
export const Matched = soft('MATCHED');
export const Nl = soft('NL');
export const Nulls = soft('NULLS');
export const ObjectKw = soft('OBJECT');
export const Options = soft('OPTIONS');
export const Primary = soft('PRIMARY');
export const Probe = soft('PROBE');
// WITH RECURSIVE … CYCLE … RESTRICT (soft: `recursive`, `cycle`, `restrict` stay field names).
export const Recursive = soft('RECURSIVE');
export const Cycle = soft('CYCLE');
export const Restrict = soft('RESTRICT');
export const Unknown = soft('UNKNOWN');
export const Validate = soft('VALIDATE');
export const Valued = soft('VALUED');
export const Value = soft('VALUE');
// Sequences (CREATE|ALTER|DROP SEQUENCE): soft, so that these words stay usable as names.
export const Alter = soft('ALTER');
export const SequenceKw = soft('SEQUENCE');
export const Next = soft('NEXT');
export const Prev = soft('PREV');
export const Nextval = soft('NEXTVAL');
export const Prevval = soft('PREVVAL');
// Window functions' soft keywords (OVER, PARTITION BY, frames, nulls treatment, WINDOW clause).
export const Current = soft('CURRENT');
export const Following = soft('FOLLOWING');
export const Groups = soft('GROUPS');
export const Ignore = soft('IGNORE');
export const No = soft('NO');
export const Others = soft('OTHERS');
export const Over = soft('OVER');
export const Partition = soft('PARTITION');
export const Preceding = soft('PRECEDING');
export const Range = soft('RANGE');
export const Respect = soft('RESPECT');
export const Row = soft('ROW');
export const Rows = soft('ROWS');
export const Ties = soft('TIES');
export const Unbounded = soft('UNBOUNDED');
export const Window = soft('WINDOW');
// User-defined functions (CREATE/DROP/EXECUTE FUNCTION): soft, so they stay usable as names.
export const At = soft('AT');
export const FunctionKw = soft('FUNCTION');
export const Inline = soft('INLINE');
export const Javascript = soft('JAVASCRIPT');
export const Language = soft('LANGUAGE');
export const Replace = soft('REPLACE');

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, start_chars_hint: WHITE_SPACE, group: Lexer.SKIPPED, line_breaks: true });
export const LineComment = createToken({ name: 'LineComment', pattern: /--[^\n\r]*/, start_chars_hint: ['-'], line_breaks: false, group: Lexer.SKIPPED });
export const BlockComment = createToken({
  name: 'BlockComment',
  pattern: /\/\*[^*]*\*+(?:[^/*][^*]*\*+)*\//,
  start_chars_hint: ['/'],
  group: Lexer.SKIPPED,
  line_breaks: true,
});
/** `/*` that no BlockComment matched: reported as an unterminated comment by the parse entry points. */
export const UnterminatedComment = createToken({ name: 'UnterminatedComment', pattern: /\/\*/, start_chars_hint: ['/'], line_breaks: false });

export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: /'(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.|"")*"/,
  start_chars_hint: ["'", '"'],
  line_breaks: true,
});
export const NumberLiteral = createToken({ name: 'NumberLiteral', pattern: /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/, start_chars_hint: DIGITS, line_breaks: false });
export const NamedParam = createToken({ name: 'NamedParam', pattern: /\$[a-zA-Z_][a-zA-Z0-9_]*/, start_chars_hint: ['$'], line_breaks: false });
export const PositionalParam = createToken({ name: 'PositionalParam', pattern: /\$\d+/, start_chars_hint: ['$'], line_breaks: false });
export const Question = createToken({ name: 'Question', pattern: '?' });

export const ComparisonOp = createToken({ name: 'ComparisonOp', pattern: Lexer.NA });
export const AdditiveOp = createToken({ name: 'AdditiveOp', pattern: Lexer.NA });
export const MultiplicativeOp = createToken({ name: 'MultiplicativeOp', pattern: Lexer.NA });

const cmp = (name: string, pattern: string) => createToken({ name, pattern, categories: [ComparisonOp] });
export const DoubleEquals = cmp('DoubleEquals', '==');
export const Equals = cmp('Equals', '=');
export const NotEquals = cmp('NotEquals', '!=');
export const LessGreater = cmp('LessGreater', '<>');
export const LessEquals = cmp('LessEquals', '<=');
export const GreaterEquals = cmp('GreaterEquals', '>=');
export const Less = cmp('Less', '<');
export const Greater = cmp('Greater', '>');
export const Concat = createToken({ name: 'Concat', pattern: '||' });
export const Plus = createToken({ name: 'Plus', pattern: '+', categories: [AdditiveOp] });
export const Minus = createToken({ name: 'Minus', pattern: '-', categories: [AdditiveOp] });
export const Star = createToken({ name: 'Star', pattern: '*', categories: [MultiplicativeOp] });
export const Slash = createToken({ name: 'Slash', pattern: '/', categories: [MultiplicativeOp] });
export const Percent = createToken({ name: 'Percent', pattern: '%', categories: [MultiplicativeOp] });
export const LParen = createToken({ name: 'LParen', pattern: '(' });
export const RParen = createToken({ name: 'RParen', pattern: ')' });
export const LBracket = createToken({ name: 'LBracket', pattern: '[' });
export const RBracket = createToken({ name: 'RBracket', pattern: ']' });
export const LBrace = createToken({ name: 'LBrace', pattern: '{' });
export const RBrace = createToken({ name: 'RBrace', pattern: '}' });
export const Comma = createToken({ name: 'Comma', pattern: ',' });
export const Colon = createToken({ name: 'Colon', pattern: ':' });
export const Semicolon = createToken({ name: 'Semicolon', pattern: ';' });
/** `...`: the variadic parameter list of CREATE FUNCTION f(...). */
export const Ellipsis = createToken({ name: 'Ellipsis', pattern: '...' });
export const Dot = createToken({ name: 'Dot', pattern: '.' });

/**
 * `UPDATE STATISTICS` as one token: STATISTICS is reserved in the reference (`UPDATE statistics
 * SET …` is its syntax error too), and one token keeps UPDATE's statement LL(1).
 */
export const UpdateStatistics = createToken({ name: 'UpdateStatistics', label: 'UPDATE STATISTICS', pattern: /UPDATE\s+STATISTICS(?![A-Za-z0-9_$])/i, start_chars_hint: ['U', 'u'], line_breaks: true });

/** Keywords sorted longest first, so that e.g. `IN` never shadows `INNER`/`INTO`/`INDEX`. */
const orderedKeywords = [...keywords].sort((a, b) => String(b.PATTERN).length - String(a.PATTERN).length);

/** Every token, in lexer order. */
export const allTokens: TokenType[] = [
  WhiteSpace,
  LineComment,
  BlockComment,
  UnterminatedComment,
  UpdateStatistics,
  ...orderedKeywords,
  QuotedIdentifier,
  Identifier,
  StringLiteral,
  NumberLiteral,
  NamedParam,
  PositionalParam,
  Question,
  DoubleEquals,
  Equals,
  NotEquals,
  LessGreater,
  LessEquals,
  GreaterEquals,
  Less,
  Greater,
  Concat,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  Colon,
  Semicolon,
  Ellipsis,
  Dot,
  Name,
  ComparisonOp,
  AdditiveOp,
  MultiplicativeOp,
];

/** The keyword token types, for error messages and tests. */
export const keywordTokens: readonly TokenType[] = keywords;

/** One lexer instance, shared. */
export const lexer = new Lexer(allTokens, { ensureOptimizations: false, positionTracking: 'full', skipValidations: !(process.env.VITEST || process.env.TOKENQL_VALIDATE_GRAMMAR) });

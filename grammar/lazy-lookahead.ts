import { EOF, LLkLookaheadStrategy, getLookaheadPaths, tokenMatcher, type ILookaheadStrategy, type IToken, type TokenType } from 'chevrotain';

type Build = ILookaheadStrategy['buildLookaheadForAlternation'];
type BuildOptional = ILookaheadStrategy['buildLookaheadForOptional'];
type AltOptions = Parameters<Build>[0];
type OptOptions = Parameters<BuildOptional>[0];
/** The parser as a lookahead function sees it (`this`). */
type Recognizer = { LA(k: number): IToken };

/**
 * The lookahead paths of every decision of a grammar, precomputed by `grammar/gen-lookahead.ts`:
 * `tokens` names the token types; `paths[key]` is, for an alternation, its alternatives' paths
 * and, for an OPTION/MANY/AT_LEAST_ONE…, the paths that enter it, each path a list of indexes
 * into `tokens`. Keys are `rule:prodType:occurrence` ({@link decisionKey}).
 */
export interface LookaheadTable {
  tokens: string[];
  paths: Record<string, number[][][] | number[][]>;
}

/** One decision the parser asked a lookahead function for (kept for the table generator). */
export interface Decision {
  key: string;
  /** The paths chevrotain's LL(k) computes for it, as token types. */
  paths(): TokenType[][][] | TokenType[][];
}

/** The table key of a decision: `rule:prodType:occurrence` (prodType `Alternation` for an OR). */
export function decisionKey(rule: string, prodType: string, occurrence: number): string {
  return `${rule}:${prodType}:${occurrence}`;
}

/**
 * Chevrotain's LL(k) lookahead, with the lookahead paths of each decision taken from a table
 * precomputed from the same grammar when it has them, and otherwise computed; either way each
 * decision's function is built the first time the parser reaches it. Computing the paths is the costly part of a parser's first use:
 * about 2 s for all of this grammar's decisions, 0.2–0.4 s for the few that `SELECT 1` reaches
 * (alternations whose alternatives start with names: the Identifier category holds 71 soft
 * keywords, and chevrotain enumerates their combinations). The functions built from the paths
 * choose as chevrotain's do (first matching alternative whose GATE holds), so parsing is
 * unchanged; validations (under the tests) are the strategy's own.
 */
export class LazyLookahead extends LLkLookaheadStrategy {
  /** Every decision seen in `performSelfAnalysis`, in order (for `grammar/gen-lookahead.ts`). */
  readonly decisions: Decision[] = [];
  private readonly tokenTypes?: TokenType[];

  constructor(options: { maxLookahead: number }, private readonly table?: LookaheadTable, tokens?: Record<string, unknown>) {
    super(options);
    if (table && tokens) {
      const byName = new Map<string, TokenType>([['EOF', EOF]]);
      for (const t of Object.values(tokens)) if (isTokenType(t)) byName.set(t.name, t);
      // A token the table names that the grammar no longer has: ignore the table (it is stale).
      const types = table.tokens.map((n) => byName.get(n));
      if (types.every((t) => t !== undefined)) this.tokenTypes = types as TokenType[];
    }
  }

  override buildLookaheadForAlternation(options: AltOptions): ReturnType<Build> {
    const key = decisionKey(options.rule.name, 'Alternation', options.prodOccurrence);
    this.decisions.push({ key, paths: () => getLookaheadPaths({ occurrence: options.prodOccurrence, rule: options.rule, prodType: 'Alternation', maxLookahead: options.maxLookahead }) as TokenType[][][] });
    let fn: ReturnType<Build> | undefined;
    const stored = this.has(key);
    const build = () => (fn = stored ? alternativesFunction(this.stored(key) as TokenType[][][], options.hasPredicates) : super.buildLookaheadForAlternation(options));
    return function (this: unknown, ...args: unknown[]) {
      return (fn ?? build()).apply(this, args as never);
    } as ReturnType<Build>;
  }

  override buildLookaheadForOptional(options: OptOptions): ReturnType<BuildOptional> {
    const key = decisionKey(options.rule.name, options.prodType, options.prodOccurrence);
    // getLookaheadPaths gives [paths inside, paths after]; the function tests the first.
    this.decisions.push({ key, paths: () => (getLookaheadPaths({ occurrence: options.prodOccurrence, rule: options.rule, prodType: options.prodType, maxLookahead: options.maxLookahead }) as TokenType[][][])[0]! });
    let fn: ReturnType<BuildOptional> | undefined;
    const stored = this.has(key);
    const build = () => (fn = stored ? optionalFunction(this.stored(key) as TokenType[][]) : super.buildLookaheadForOptional(options));
    return function (this: unknown, ...args: unknown[]) {
      return (fn ?? build()).apply(this, args as never);
    } as ReturnType<BuildOptional>;
  }

  private has(key: string): boolean {
    return this.tokenTypes !== undefined && this.table?.paths[key] !== undefined;
  }

  /** The decision's paths from the table (which has them), as token types. */
  private stored(key: string): TokenType[][][] | TokenType[][] {
    const raw = this.table!.paths[key]!;
    const types = this.tokenTypes!;
    const toPath = (p: number[]) => p.map((i) => types[i]!);
    return key.includes(':Alternation:') ? (raw as number[][][]).map((alt) => alt.map(toPath)) : (raw as number[][]).map(toPath);
  }
}

function isTokenType(t: unknown): t is TokenType {
  return typeof t === 'object' && t !== null && typeof (t as TokenType).name === 'string' && 'tokenTypeIdx' in t;
}

/** True if the tokens ahead match `path` (token categories included). */
function matches(parser: Recognizer, path: TokenType[]): boolean {
  for (let i = 0; i < path.length; i++) if (!tokenMatcher(parser.LA(i + 1), path[i]!)) return false;
  return true;
}

/** For each token type index, the first of `sets` with a one-token path it matches (categories included). */
function firstTokenMap(sets: TokenType[][]): Map<number, number> {
  const map = new Map<number, number>();
  sets.forEach((types, i) => {
    for (const t of types) {
      for (const idx of [t.tokenTypeIdx!, ...((t as { categoryMatches?: number[] }).categoryMatches ?? [])]) if (!map.has(idx)) map.set(idx, i);
    }
  });
  return map;
}

/**
 * An alternation's lookahead function, as chevrotain's `buildAlternativesLookAheadFunc`: the first
 * alternative whose GATE holds (when the OR has gates) and one of whose paths matches, else undefined.
 */
function alternativesFunction(alts: TokenType[][][], hasPredicates: boolean): ReturnType<Build> {
  if (!hasPredicates && alts.every((alt) => alt.every((p) => p.length === 1))) {
    const map = firstTokenMap(alts.map((alt) => alt.map((p) => p[0]!)));
    return function (this: Recognizer) {
      return map.get(this.LA(1).tokenType.tokenTypeIdx!);
    } as ReturnType<Build>;
  }
  return function (this: Recognizer, orAlts?: { GATE?: () => boolean }[]) {
    for (let i = 0; i < alts.length; i++) {
      const gate = hasPredicates ? orAlts?.[i]?.GATE : undefined;
      if (gate !== undefined && gate.call(this) === false) continue;
      for (const path of alts[i]!) if (matches(this, path)) return i;
    }
    return undefined;
  } as ReturnType<Build>;
}

/** An OPTION/MANY/… lookahead function, as chevrotain's `buildSingleAlternativeLookaheadFunction`. */
function optionalFunction(paths: TokenType[][]): ReturnType<BuildOptional> {
  if (paths.every((p) => p.length === 1)) {
    const map = firstTokenMap([paths.map((p) => p[0]!)]);
    return function (this: Recognizer) {
      return map.has(this.LA(1).tokenType.tokenTypeIdx!);
    } as ReturnType<BuildOptional>;
  }
  return function (this: Recognizer) {
    return paths.some((p) => matches(this, p));
  } as ReturnType<BuildOptional>;
}

import { isObject, type Value } from '../../values/index.js';
import { compileLike, compileRegexp, containsToken, containsTokenMatching, parseTokenOptions, tokenOptionProblems, tokens } from '../../tokens/index.js';
import type { FunctionContext, FunctionDef } from './function-def.js';

/**
 * The token functions (spec §1–§8, DESIGN §7): TOKENS, CONTAINS_TOKEN (alias HAS_TOKEN),
 * CONTAINS_TOKEN_LIKE and CONTAINS_TOKEN_REGEXP (alias CONTAINS_TOKEN_REGEX).
 * All are `nulls: 'custom'` and apply spec §2 in this order: any MISSING argument → MISSING;
 * then NULL for a NULL `expr` (not TOKENS), a NULL `token`, a `pattern` that is not a string,
 * or an options argument that is present and not an object; only then is a pattern compiled
 * (so `CONTAINS_TOKEN_REGEXP(NULL, '(')` is NULL, not an error).
 */

/** True when an options argument was given and is not an object (then the result is NULL). */
function badOptions(args: Value[], at: number): boolean {
  return args.length > at && !isObject(args[at]);
}

/** True when any argument is MISSING. */
/** Options the functions would silently ignore become warnings of the statement (results unchanged). */
function options(o: Value, ctx: FunctionContext): ReturnType<typeof parseTokenOptions> {
  for (const p of tokenOptionProblems(o)) ctx.warn(p);
  return parseTokenOptions(o);
}

function anyMissing(args: Value[]): boolean {
  for (let i = 0; i < args.length; i++) if (args[i] === undefined) return true;
  return false;
}

const TOKENS: FunctionDef = {
  name: 'TOKENS',
  minArgs: 1,
  maxArgs: 2,
  nulls: 'custom',
  fn(args, ctx) {
    if (anyMissing(args)) return undefined;
    if (badOptions(args, 1)) return null;
    return tokens(args[0], options(args[1], ctx));
  },
};

const CONTAINS_TOKEN: FunctionDef = {
  name: 'CONTAINS_TOKEN',
  aliases: ['HAS_TOKEN'],
  minArgs: 2,
  maxArgs: 3,
  nulls: 'custom',
  fn(args, ctx) {
    if (anyMissing(args)) return undefined;
    if (args[0] === null || args[1] === null || badOptions(args, 2)) return null;
    return containsToken(args[0], args[1], options(args[2], ctx));
  },
};

/** The shared body of the two pattern functions. */
function patternFunction(name: string, aliases: string[], compile: (p: string) => (tok: string) => boolean): FunctionDef {
  return {
    name,
    aliases,
    minArgs: 2,
    maxArgs: 3,
    nulls: 'custom',
    fn(args, ctx) {
      if (anyMissing(args)) return undefined;
      const pattern = args[1];
      if (args[0] === null || typeof pattern !== 'string' || badOptions(args, 2)) return null;
      return containsTokenMatching(args[0], compile(pattern), options(args[2], ctx));
    },
  };
}

/** LIKE with the fixed escape `\` (spec §7: there is no ESCAPE clause here). */
const CONTAINS_TOKEN_LIKE = patternFunction('CONTAINS_TOKEN_LIKE', [], (p) => compileLike(p, '\\'));

/** Whole-token RE2 match, fully anchored (DESIGN §7). */
const CONTAINS_TOKEN_REGEXP = patternFunction('CONTAINS_TOKEN_REGEXP', ['CONTAINS_TOKEN_REGEX'], (p) => {
  const re = compileRegexp(p, 'full');
  return (tok) => re.test(tok);
});

export const tokenFunctions: FunctionDef[] = [TOKENS, CONTAINS_TOKEN, CONTAINS_TOKEN_LIKE, CONTAINS_TOKEN_REGEXP];

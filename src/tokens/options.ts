import type { Value } from '../values/index.js';
import type { CaseMode } from './case-fold.js';

/**
 * The options of TOKENS and the CONTAINS_TOKEN* functions, parsed (spec §3).
 * `case` folds emitted string tokens (and names); `split:false` makes each string one token,
 * trimmed of Go white space when `trim`; `specials` adds e-mail/URL-like tokens in split mode;
 * `names:false` leaves object field names out at every depth.
 */
export interface TokenOptions {
  readonly case: CaseMode;
  readonly split: boolean;
  readonly trim: boolean;
  readonly specials: boolean;
  readonly names: boolean;
}

/** The defaults: no folding, split, trim, no specials, names. */
export const DEFAULT_TOKEN_OPTIONS: TokenOptions = Object.freeze({
  case: 'none',
  split: true,
  trim: true,
  specials: false,
  names: true,
});

function flag(v: Value, dflt: boolean): boolean {
  return typeof v === 'boolean' ? v : dflt;
}

function caseMode(v: Value): CaseMode {
  if (typeof v !== 'string') return 'none';
  const k = v.toLowerCase();
  return k === 'lower' ? 'lower' : k === 'upper' ? 'upper' : 'none';
}

/**
 * Parses an options value (spec §3). Field lookup is exact and case-sensitive (`Case` is
 * ignored), unknown keys are ignored, and a key with a value of the wrong JSON type falls back
 * to its default (`"specials":"true"` leaves specials off). The `case` value is lower-cased
 * first, so `"UPPER"` folds to upper case. A non-object (including MISSING) gives the
 * defaults; the functions decide NULL/MISSING for such arguments themselves (spec §2).
 * Not cached: parsing reads five fields, and an identity cache would go stale if a caller
 * mutated its options object between calls.
 */
export function parseTokenOptions(o: Value): TokenOptions {
  if (o === null || typeof o !== 'object' || Array.isArray(o)) return DEFAULT_TOKEN_OPTIONS;
  const own = (k: string): Value => (Object.hasOwn(o, k) ? o[k] : undefined);
  return {
    case: caseMode(own('case')),
    split: flag(own('split'), true),
    trim: flag(own('trim'), true),
    specials: flag(own('specials'), false),
    names: flag(own('names'), true),
  };
}

/** The option keys the token functions read (spec §3). */
export const TOKEN_OPTION_KEYS: readonly string[] = ['case', 'names', 'specials', 'split', 'trim'];

const BOOLEAN_DEFAULTS: Record<string, boolean> = { split: true, trim: true, specials: false, names: true };
const problemCache = new WeakMap<object, readonly string[]>();

/**
 * What in an options object the token functions silently ignore (the reference's result is
 * kept, spec §3): unknown keys (`{"cse": "lower"}`), a `case` other than "lower"/"upper" in any
 * letter case (`{"case": "lowercase"}` folds nothing), and a boolean option of another type
 * (`{"specials": "true"}` stays off). One message each, for the statement's warnings; none for
 * a non-object. Cached per options object (constant options are one object for every row).
 */
export function tokenOptionProblems(o: Value): readonly string[] {
  if (o === null || typeof o !== 'object' || Array.isArray(o)) return [];
  const cached = problemCache.get(o);
  if (cached) return cached;
  const problems: string[] = [];
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) continue;
    if (!TOKEN_OPTION_KEYS.includes(k)) {
      const near = TOKEN_OPTION_KEYS.find((known) => known.toLowerCase() === k.toLowerCase() || editDistance(known, k) <= 1);
      problems.push(`unknown token option ${JSON.stringify(k)} is ignored${near ? ` (did you mean ${JSON.stringify(near)}?)` : ''}; the options are ${TOKEN_OPTION_KEYS.join(', ')}`);
    } else if (k === 'case') {
      if (typeof v !== 'string' || !['lower', 'upper'].includes(v.toLowerCase())) {
        problems.push(`token option "case": ${JSON.stringify(v)} is neither "lower" nor "upper", so no case folding is done`);
      }
    } else if (typeof v !== 'boolean') {
      problems.push(`token option ${JSON.stringify(k)}: ${JSON.stringify(v)} is not a boolean, so the default ${BOOLEAN_DEFAULTS[k]} is used`);
    }
  }
  problemCache.set(o, problems);
  return problems;
}

/** Levenshtein distance of two short strings (for "did you mean"). */
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

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

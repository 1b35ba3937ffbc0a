/**
 * The scalar function registry: every family's `FunctionDef`s indexed by upper-case name and
 * alias (the reference's `GetFunction` lower-cases the name; we upper-case, same effect).
 * Aggregates and META() are not here: the evaluator handles them.
 */
import type { Value } from '../../values/index.js';
import { arithFunctions } from './arith-functions.js';
import { arrayFunctions } from './array.js';
import { arrayReorderFunctions } from './array-reorder.js';
import { arrayReplaceEquivalentFunctions } from './array-replace-equivalent.js';
import { arraySearchFunctions } from './array-search.js';
import { arraySetFunctions } from './array-set.js';
import { bitwiseFunctions } from './bitwise.js';
import { catalogFunctions } from './catalog-functions.js';
import { sanitizeFunctions } from './sanitize.js';
import { compareFunctions } from './compare-functions.js';
import { arrayStarFunctions } from './array-star.js';
import { arraySymdiffFunctions } from './array-symdiff.js';
import { arrayTextFunctions } from './array-text.js';
import { formalizeFunctions } from './formalize.js';
import { lengthFunctions } from './length.js';
import { maskFunctions } from './mask.js';
import { objectExtraFunctions } from './object-extra.js';
import { objectFieldFunctions } from './object-field.js';
import { objectNestedFunctions } from './object-nested.js';
import { otherFunctions } from './other.js';
import { pairsFunctions } from './pairs.js';
import { redactFunctions } from './redact.js';
import { patternPrefixFunctions } from './pattern-prefix.js';
import { stringPadFunctions } from './string-pad.js';
import { vectorFunctions } from './vector.js';
import { conditionalFunctions } from './conditional.js';
import { curlFunctions } from './curl.js';
import { dateCalcFunctions } from './date-calc.js';
import { dateConvertFunctions } from './date-convert.js';
import { dateNowFunctions } from './date-now.js';
import { dateRangeFunctions } from './date-range.js';
import { convertFunctions } from './convert.js';
import { abortAndNodeFunctions } from './abort-and-node.js';
import { compressFunctions } from './compress.js';
import { distinctFromFunctions } from './distinct-from.js';
import { encodingFunctions } from './encodings.js';
import type { FunctionContext, FunctionDef } from './function-def.js';
import { hashBytesFunctions } from './hash-bytes.js';
import { jsonFunctions } from './json.js';
import { logicFunctions } from './logic-functions.js';
import { nanInfFunctions } from './nan-inf.js';
import { arrayConstructorFunctions } from './navigation-functions.js';
import { navigationFunctions } from './navigation.js';
import { numberFunctions } from './number.js';
import { objectFunctions } from './object.js';
import { regexpFunctions } from './regexp.js';
import { stringEditFunctions } from './string-edit.js';
import { stringFunctions } from './string.js';
import { tokenFunctions } from './token.js';
import { typeFunctions } from './type.js';
import { recursiveCteFunctions } from './recursive-cte.js';
import { advisorFunctions } from './advisor.js';

let byName: Map<string, FunctionDef> | undefined;

/**
 * The families whose functions take bigint arguments (int64 past 2^53) as they are
 * (`FunctionDef.int64`): those that pass values through, compare, type or encode them, and the
 * integer functions. The other families see such an argument as its nearest double.
 */
function int64Families(): FunctionDef[][] {
  return [
    typeFunctions,
    convertFunctions,
    arrayFunctions,
    arraySetFunctions,
    objectFunctions,
    jsonFunctions,
    bitwiseFunctions,
    compareFunctions,
    arithFunctions,
    hashBytesFunctions,
    logicFunctions,
    navigationFunctions,
    arrayConstructorFunctions,
    encodingFunctions,
    conditionalFunctions,
    arraySearchFunctions,
    arrayReorderFunctions,
    arraySymdiffFunctions,
    arrayStarFunctions,
    arrayReplaceEquivalentFunctions,
    objectNestedFunctions,
    objectExtraFunctions,
    objectFieldFunctions,
    pairsFunctions,
    lengthFunctions,
  ];
}
let all: FunctionDef[] | undefined;

function families(): FunctionDef[] {
  return [
    ...stringFunctions,
    ...stringEditFunctions,
    ...regexpFunctions,
    ...typeFunctions,
    ...convertFunctions,
    ...arrayFunctions,
    ...arraySetFunctions,
    ...objectFunctions,
    ...jsonFunctions,
    ...numberFunctions,
    ...nanInfFunctions,
    ...bitwiseFunctions,
    ...compareFunctions,
    ...arithFunctions,
    ...hashBytesFunctions,
    ...logicFunctions,
    ...navigationFunctions,
    ...arrayConstructorFunctions,
    ...encodingFunctions,
    ...compressFunctions,
    ...distinctFromFunctions,
    ...abortAndNodeFunctions,
    ...conditionalFunctions,
    ...tokenFunctions,
    ...dateNowFunctions,
    ...dateConvertFunctions,
    ...dateCalcFunctions,
    ...dateRangeFunctions,
    // Collections, strings, navigation and the "other" group (issue 20).
    ...arraySearchFunctions,
    ...arrayReorderFunctions,
    ...arraySymdiffFunctions,
    ...arrayStarFunctions,
    ...arrayTextFunctions,
    ...arrayReplaceEquivalentFunctions,
    ...objectNestedFunctions,
    ...objectExtraFunctions,
    ...objectFieldFunctions,
    ...pairsFunctions,
    ...stringPadFunctions,
    ...patternPrefixFunctions,
    ...maskFunctions,
    ...lengthFunctions,
    ...formalizeFunctions,
    ...redactFunctions,
    ...vectorFunctions,
    ...otherFunctions,
    ...recursiveCteFunctions,
    ...advisorFunctions,
    ...curlFunctions,
    ...catalogFunctions,
    ...sanitizeFunctions,
  ];
}

// Built on first use, so that module evaluation order between the family files never matters.
function index(): Map<string, FunctionDef> {
  if (byName) return byName;
  const map = new Map<string, FunctionDef>();
  for (const family of int64Families()) for (const d of family) d.int64 = true;
  all = families();
  for (const def of all) {
    for (const name of [def.name, ...(def.aliases ?? [])]) {
      const key = name.toUpperCase();
      if (map.has(key)) throw new Error(`function name registered twice: ${key}`);
      map.set(key, def);
    }
  }
  byName = map;
  return map;
}

/** Looks a function up by name, case-insensitive, aliases included. */
export function lookupFunction(name: string): FunctionDef | undefined {
  return index().get(name.toUpperCase());
}

/** All registered functions (for the REPL's tab completion and docs). */
export function allFunctions(): FunctionDef[] {
  index();
  return [...all!];
}

/**
 * Applies a FunctionDef's MISSING/NULL rule and calls it: 'strict' → any MISSING argument gives
 * MISSING, else any NULL argument gives NULL, else `fn(args)`; 'custom' → `fn(args)` as is.
 * A function not marked `int64` gets each bigint argument as its nearest double.
 */
export function callFunction(def: FunctionDef, args: Value[], ctx: FunctionContext): Value {
  // One pass over the arguments: bigints (unless the function takes int64) and strict MISSING/NULL.
  const strict = def.nulls === 'strict';
  const narrow = def.int64 !== true;
  let sawNull = false;
  let sawBigint = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === undefined) {
      if (strict) return undefined;
    } else if (a === null) sawNull = true;
    else if (narrow && typeof a === 'bigint') sawBigint = true;
  }
  if (strict && sawNull) return null;
  if (sawBigint) args = args.map((x) => (typeof x === 'bigint' ? Number(x) : x));
  return def.fn(args, ctx);
}

import { ErrorCode, QueryError } from '../errors/index.js';
import { isObject, jsonSize, canonicalKey, distinctKey, type Value } from '../values/index.js';

/**
 * The limits of a recursive WITH (its OPTIONS) and of RECURSIVE_CTE(): `levels` recursive levels
 * after the anchor (a fraction is truncated, a negative number is no limit), `documents` rows at
 * most (checked before each level, as the reference: the level that passes it is cut).
 * Source: couchbase/query `expression/func_rcte.go` (Config) and the reference's answers.
 */
export interface RecursionLimits {
  levels: number;
  documents: number;
  /** `levels` was given (no warning when the recursion stops at it). */
  explicitLevels: boolean;
}

/** The reference's depth when no `levels` is given and the request has no memory quota. */
export const DEFAULT_RECURSION_LEVELS = 100;

const typeName = (v: Value): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v);

/**
 * Reads a recursive WITH's OPTIONS value.
 * @throws QueryError 5002 "Execution internal error: Configuration options must be numeric ('x' is string)",
 *   3303 "Invalid config option x" (the reference's codes and texts)
 */
export function withLimits(config: Value, quota: boolean): RecursionLimits {
  const out: RecursionLimits = { levels: quota ? Infinity : DEFAULT_RECURSION_LEVELS, documents: Infinity, explicitLevels: false };
  if (!isObject(config)) return out;
  for (const [k, v] of Object.entries(config)) {
    if (typeof v !== 'number') {
      throw new QueryError({ code: ErrorCode.EXECUTION_INTERNAL, phase: 'execution', message: `Execution internal error: Configuration options must be numeric ('${k}' is ${typeName(v)})` });
    }
    if (k !== 'levels' && k !== 'documents') throw new QueryError({ code: ErrorCode.RECURSIVE_CONFIG_OPTION, phase: 'execution', message: `Invalid config option ${k}` });
    const n = v < 0 ? Infinity : Math.trunc(v);
    if (k === 'levels') {
      out.levels = n;
      out.explicitLevels = true;
    } else out.documents = n;
  }
  return out;
}

/** What to do with the rows of each level: drop those seen before (UNION), or those whose CYCLE fields were seen. */
export interface RecursionFilter {
  union: boolean;
  /** The CYCLE fields of a row (MISSING for an absent one). */
  cycle?: (row: Value) => Value[];
}

/** The rows of `rows` to keep, remembering their keys in `seen`. */
function keep(rows: Value[], f: RecursionFilter, seen: Set<string>): Value[] {
  if (!f.cycle && !f.union) return rows;
  const out: Value[] = [];
  for (const r of rows) {
    const k = f.cycle ? f.cycle(r).map((v) => (v === undefined ? 'M' : 'V' + canonicalKey(v))).join('\u0001') : distinctKey(r);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(r);
  }
  return out;
}

/**
 * Evaluates a recursion: the anchor's rows, then level after level the recursive step over the
 * previous level's (new) rows, until a level adds nothing or a limit is met (levels first, then
 * documents, checked before each level). Returns the rows in order (anchor first) and whether it
 * stopped at the default depth (the caller warns: 3306). `account` is told each kept row's size
 * (the request's memory quota).
 * Source: couchbase/query `expression/func_rcte.go` (the loop of RECURSIVE_CTE, which WITH RECURSIVE shares).
 */
export function* recurse(
  anchor: Value[],
  step: (previous: Value[]) => Value[],
  limits: RecursionLimits,
  filter: RecursionFilter,
  account?: (bytes: number) => void,
): Generator<void, { rows: Value[]; stoppedAtDefault: boolean }> {
  const seen = new Set<string>();
  const all = keep(anchor, filter, seen);
  for (const r of all) account?.(jsonSize(r));
  let current = 0;
  let next = all.length;
  let level = 0;
  let stoppedAtDefault = false;
  while (current < next) {
    if (level >= limits.levels) {
      stoppedAtDefault = !limits.explicitLevels;
      break;
    }
    if (current >= limits.documents) {
      all.length = limits.documents;
      break;
    }
    const rows = keep(step(all.slice(current, next)), filter, seen);
    for (const r of rows) {
      account?.(jsonSize(r));
      all.push(r);
    }
    current = next;
    next = all.length;
    level++;
    yield;
  }
  return { rows: all, stoppedAtDefault };
}

import { ErrorCode, QueryError } from '../errors/index.js';
import type { SequenceSettings } from './sequence-registry.js';

/** The range of a sequence's values (64-bit integers) and its defaults (reference `sequences.go`). */
export const MIN_INT64 = -(2n ** 63n);
export const MAX_INT64 = 2n ** 63n - 1n;
export const DEFAULT_CACHE = 50n;
/** Below this cache size CREATE/ALTER warn (reference `_WARN_CACHE_SIZE`). */
export const WARN_CACHE = 10n;

/** A sequence name as the reference's messages quote it. */
export const q = (name: string): string => `'${name}'`;

/** A sequence error of the reference (191xx), with its cause's message appended as the reference does. */
export function seqError(code: number, message: string, cause?: QueryError): QueryError {
  return new QueryError({ code, phase: 'execution', message: cause ? `${message} - cause: ${cause.message}` : message, cause });
}

/** CREATE SEQUENCE's settings with the reference's defaults applied. */
export interface CreatedSequence {
  start: bigint;
  increment: bigint;
  min: bigint;
  max: bigint;
  cache: bigint;
}

/**
 * The settings of CREATE SEQUENCE `name`: CACHE 50, MINVALUE/MAXVALUE the int64 range, INCREMENT 1,
 * START 0, or without START an ascending sequence's MINVALUE and a descending one's MAXVALUE when
 * given. Source: couchbase/query `sequences/sequences.go` (CreateSequence).
 * @throws QueryError 19101 "Create failed for sequence 'name'" with the cause SEQUENCE_INVALID_CACHE
 *   (cache ≤ 0) or SEQUENCE_INVALID_RANGE 19104 (MINVALUE ≥ MAXVALUE)
 */
export function createdSequence(name: string, o: SequenceSettings): CreatedSequence {
  const fail = (cause: QueryError) => seqError(ErrorCode.SEQUENCE_CREATE, `Create failed for sequence ${q(name)}`, cause);
  const cache = o.cache ?? DEFAULT_CACHE;
  if (cache <= 0n) throw fail(seqError(ErrorCode.SEQUENCE_INVALID_CACHE, `Invalid cache value ${cache}`));
  const min = o.min ?? MIN_INT64;
  const max = o.max ?? MAX_INT64;
  if (min >= max) throw fail(seqError(ErrorCode.SEQUENCE_INVALID_RANGE, `Invalid range ${min} to ${max}`));
  const increment = o.increment ?? 1n;
  let start = o.start ?? 0n;
  if (o.start == null) {
    // Without START, an ascending sequence starts at its MINVALUE and a descending one at its MAXVALUE.
    if (increment > 0n && o.min != null) start = min;
    if (increment < 0n && o.max != null) start = max;
  }
  return { start, increment, min, max, cache };
}

/** The warning of CREATE/ALTER with a cache below {@link WARN_CACHE} (19115's text), or undefined. */
export function cacheWarning(cache: bigint): string | undefined {
  return cache < WARN_CACHE ? `Cache size (${cache}) below recommended minimum` : undefined;
}

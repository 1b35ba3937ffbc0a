import type { Value } from '../values/index.js';

/**
 * One document (or one failure) as a format reader produces it, before a key is assigned.
 * `name` is the key implied by the source (a file name without `.json`), when it has one.
 */
export type RawDocument =
  | { ok: true; value: Value; source: string; line?: number; name?: string }
  | { ok: false; source: string; line?: number; message: string };

/** Byte counters a reader updates while it reads, for progress reports. */
export interface ByteCounter {
  /** Bytes of the source consumed so far. */
  bytesRead: number;
  /** Total bytes of the source. */
  totalBytes: number;
}

/** The message of a thrown value. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

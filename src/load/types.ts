import type { Value } from '../values/index.js';

/** A document key generator: a cbimport-style template or a function. */
export type KeySpec = string | ((doc: Value, index: number) => string);

/** Progress of a {@link Database.load}, reported at most every 100 ms and at the end. */
export interface LoadProgress {
  loaded: number;
  failed: number;
  /** Bytes of the source read so far, when the source is a file. */
  bytesRead?: number;
  /** Total bytes of the source, when known. */
  totalBytes?: number;
}

/** Options of {@link Database.load}. */
export interface LoadOptions {
  /** Key template (`%field%`, `#UUID#`, `#MONO_INCR#`, literal text) or function; for a cbimport sample zip the file name is used when omitted. */
  key?: KeySpec;
  /** `upsert` (default) replaces existing documents; `insert` reports them as failures. */
  mode?: 'upsert' | 'insert';
  onProgress?: (p: LoadProgress) => void;
}

/** One document that could not be loaded. */
export interface LoadFailure {
  /** File (or `<input>`) the document came from. */
  source: string;
  /** 1-based line number in JSON Lines input. */
  line?: number;
  message: string;
}

/** The result of {@link Database.load}. */
export interface LoadReport {
  loaded: number;
  failures: LoadFailure[];
}

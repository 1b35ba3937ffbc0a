import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { KeySpec, LoadProgress } from './types.js';
import type { Value } from '../values/index.js';
import { detectFileFormat } from './detect-format.js';
import { readJsonArray } from './json-array.js';
import { readJsonDirectory } from './json-directory.js';
import { readJsonLines } from './json-lines.js';
import { compileKeyTemplate, type KeyFunction } from './key-template.js';
import { errorMessage, type ByteCounter, type RawDocument } from './raw-document.js';
import { readSampleZip } from './sample-zip.js';
import { readSingleDocument } from './single-document.js';
import { readStream, STDIN_SOURCE } from './stream-source.js';

/** One document ready to store, or one that could not be read or keyed. */
export type LoadItem =
  | { ok: true; key: string; value: Value; source: string; line?: number }
  | { ok: false; source: string; line?: number; message: string };

/** Options of {@link readDocuments}. */
export interface ReadDocumentsOptions {
  /**
   * Key template or function. Omitted: the file name for a directory or sample zip, otherwise
   * the 1-based ordinal of the document in its source (`"1"`, `"2"`, …).
   */
  key?: KeySpec;
  /** Called at most every 100 ms while reading and once at the end; `loaded`/`failed` count the items yielded. */
  onProgress?: (p: LoadProgress) => void;
}

/** The `source` of documents that come from an iterable rather than a file. */
export const ITERABLE_SOURCE = '<input>';
/** The `source` of documents read from a `Readable` other than standard input. */
export const STREAM_SOURCE = '<stream>';

const PROGRESS_INTERVAL_MS = 100;

/**
 * Reads documents from a source, lazily, assigning each its key.
 *
 * A string source is a path: a cbimport sample zip (`.zip`), a directory of `.json` files,
 * a JSON array file (first non-space character `[`), a single pretty-printed JSON document
 * (`.json` whose first line is not JSON by itself), otherwise JSON Lines. Files are streamed.
 * A `Readable` (standard input, a pipe) holds a JSON array or JSON Lines, told apart by its
 * first character (`readStream`); its documents' source is `<stdin>` for `process.stdin`, else
 * `<stream>`. Any JSON value is accepted as a document. A bad line, element or file, or a key that cannot be
 * generated, yields `{ok: false, source, line?, message}` and reading goes on.
 *
 * @throws Error (with the code of the underlying fs error, e.g. `ENOENT`) when the source cannot
 *   be opened at all; the message names the path: `cannot read x.jsonl: ENOENT: no such file…`.
 */
export async function* readDocuments(
  source: string | Readable | Iterable<Value> | AsyncIterable<Value>,
  options: ReadDocumentsOptions = {},
): AsyncGenerator<LoadItem> {
  const keyFn: KeyFunction | undefined =
    typeof options.key === 'string' ? compileKeyTemplate(options.key) : options.key;
  const bytes: ByteCounter = { bytesRead: 0, totalBytes: 0 };
  const isFile = typeof source === 'string';
  const raw = isFile
    ? await openPath(source, bytes)
    : source instanceof Readable
      ? readStream(source, source === process.stdin ? STDIN_SOURCE : STREAM_SOURCE, bytes)
      : fromIterable(source);
  let loaded = 0;
  let failed = 0;
  let index = 0;
  let lastReport = Date.now();
  const report = (): void => {
    options.onProgress?.(
      isFile ? { loaded, failed, bytesRead: bytes.bytesRead, totalBytes: bytes.totalBytes } : { loaded, failed },
    );
  };
  const docs = raw[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<RawDocument>;
      try {
        next = await docs.next();
      } catch (err) {
        // A reader failing as a whole (unreadable zip, directory, I/O error) rather than one document.
        throw isFile ? cannotRead(source, err) : err;
      }
      if (next.done) break;
      const doc = next.value;
      const item = withKey(doc, keyFn, index);
      if (doc.ok) index++;
      if (item.ok) loaded++;
      else failed++;
      if (options.onProgress && Date.now() - lastReport >= PROGRESS_INTERVAL_MS) {
        lastReport = Date.now();
        report();
      }
      yield item;
    }
  } finally {
    await docs.return?.();
  }
  report();
}

function cannotRead(path: string, err: unknown): Error {
  return new Error(`cannot read ${path}: ${errorMessage(err)}`, { cause: err });
}

function withKey(doc: RawDocument, keyFn: KeyFunction | undefined, index: number): LoadItem {
  if (!doc.ok) return doc;
  const base = { source: doc.source, ...(doc.line === undefined ? {} : { line: doc.line }) };
  try {
    const key = keyFn ? keyFn(doc.value, index) : (doc.name ?? String(index + 1));
    if (typeof key !== 'string' || key === '') throw new Error('the key function returned an empty or non-string key');
    return { ok: true, key, value: doc.value, ...base };
  } catch (err) {
    return { ok: false, ...base, message: errorMessage(err) };
  }
}

async function openPath(path: string, bytes: ByteCounter): Promise<AsyncIterable<RawDocument>> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) return readJsonDirectory(path, bytes);
    bytes.totalBytes = info.size;
    if (path.toLowerCase().endsWith('.zip')) return readSampleZip(path, bytes);
    switch (await detectFileFormat(path)) {
      case 'array':
        return readJsonArray(path, bytes);
      case 'document':
        return readSingleDocument(path, bytes);
      default:
        return readJsonLines(path, bytes);
    }
  } catch (err) {
    throw cannotRead(path, err);
  }
}

async function* fromIterable(source: Iterable<Value> | AsyncIterable<Value>): AsyncGenerator<RawDocument> {
  for await (const value of source) yield { ok: true, value, source: ITERABLE_SOURCE };
}

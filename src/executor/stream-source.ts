import type { StoredDocument } from '../storage/index.js';
import type { Row, RowStream, RunContext } from './runtime.js';

/**
 * What the rows of a stream are, told by the operators that made it, so that an Order reading
 * it can run its top-k over the keyspace's documents directly (executor/scan-top-k.ts) rather
 * than over one row per document. Each operator tags only its own output stream, and only when
 * its input was tagged, so a tag describes the whole chain above the stream it is on: any other
 * operator in between (a Filter, a Let, the wrapper of `profile` …) makes a stream of its own,
 * untagged, and the reader then runs the rows as they come. (The wrapper counting a scan's rows
 * for QueryOptions.progress keeps the tag: the reader counts the documents it reads.)
 *
 * - `scan`: a PrimaryScan3 of `keyspace` with no outer row (every live document in key order).
 * - `fetched`: that scan's rows after a Fetch of the same keyspace binding the document to `alias`.
 * - `projected`: those rows after an InitialProject that keeps every row and can neither fail
 *   nor warn (its projection reads only paths of the row), so projecting only some of them
 *   changes nothing but the work.
 */
export type StreamSource =
  | { kind: 'scan'; keyspace: string }
  | { kind: 'fetched'; keyspace: string; alias: string; bind(row: Row, d: StoredDocument): void }
  | { kind: 'projected'; fetched: Extract<StreamSource, { kind: 'fetched' }>; project(row: Row, rc: RunContext): Row | undefined };

const SOURCE = Symbol('stream source');

/** `stream` tagged with `source` (see {@link StreamSource}). */
export function withSource(stream: RowStream, source: StreamSource): RowStream {
  (stream as RowStream & { [SOURCE]?: StreamSource })[SOURCE] = source;
  return stream;
}

/** The source `stream` was tagged with, if any. */
export function sourceOf(stream: RowStream): StreamSource | undefined {
  return (stream as RowStream & { [SOURCE]?: StreamSource })[SOURCE];
}

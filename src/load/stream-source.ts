import { jsonArrayOf } from './json-array.js';
import { jsonLinesOf } from './json-lines.js';
import type { ByteCounter, RawDocument } from './raw-document.js';

/** The `source` of documents read from the process's standard input. */
export const STDIN_SOURCE = '<stdin>';

/** Bytes that may come before the first character that decides the format: BOM and JSON whitespace. */
const LEADING = new Set([0xef, 0xbb, 0xbf, 0x20, 0x09, 0x0a, 0x0d]);

function firstSignificant(buf: Buffer): number | undefined {
  for (let i = 0; i < buf.length; i++) if (!LEADING.has(buf[i]!)) return buf[i];
  return undefined;
}

const asBuffer = (chunk: Buffer | string): Buffer => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);

/**
 * Reads documents from a stream that cannot be re-read or peeked at by position (standard
 * input, a pipe, a socket): the chunks before the first significant character are held back,
 * that character decides the format — `[` a JSON array of documents, anything else JSON Lines
 * (a single pretty-printed document is not recognised here: its lines are reported as bad
 * lines) — and the held chunks are read again by the chosen reader. Failures carry their line
 * number, as from a file.
 * @param chunks the stream's chunks (bytes, or text as UTF-8)
 * @param source the `source` of every record, e.g. {@link STDIN_SOURCE}
 * @param bytes `bytesRead` is updated as chunks arrive (`totalBytes` stays 0: unknown)
 */
export async function* readStream(chunks: AsyncIterable<Buffer | string>, source: string, bytes: ByteCounter): AsyncGenerator<RawDocument> {
  const it = chunks[Symbol.asyncIterator]();
  const held: Buffer[] = [];
  let first: number | undefined;
  while (first === undefined) {
    const r = await it.next();
    if (r.done) break;
    const b = asBuffer(r.value);
    bytes.bytesRead += b.length;
    held.push(b);
    first = firstSignificant(b);
  }
  async function* all(): AsyncGenerator<Buffer> {
    yield* held;
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      const b = asBuffer(r.value);
      bytes.bytesRead += b.length;
      yield b;
    }
  }
  try {
    if (first === 0x5b /* [ */) yield* jsonArrayOf(all(), source);
    else yield* jsonLinesOf(all(), source);
  } finally {
    await it.return?.();
  }
}

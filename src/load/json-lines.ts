import { isUtf8 } from 'node:buffer';
import { readFileChunks } from './file-chunks.js';
import { errorMessage, type ByteCounter, type RawDocument } from './raw-document.js';

const LF = 0x0a;
const CR = 0x0d;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Streams a JSON Lines file: one JSON value per line (lines end with LF, CRLF or CR), blank
 * lines skipped, a UTF-8 BOM ignored. A line that is not valid UTF-8 or not valid JSON yields
 * a failure with its 1-based line number (`invalid UTF-8`, or the JSON error); reading goes on.
 * The bytes are split into lines before they are decoded, so that an invalid byte is reported,
 * not turned into U+FFFD; and this is faster than `readline` (measured: 0.8 s against 1.4 s for
 * 200 MB of travel-sample).
 * @param path file path (also the `source` of every record)
 * @param bytes updated with the bytes read so far
 */
export async function* readJsonLines(path: string, bytes: ByteCounter): AsyncGenerator<RawDocument> {
  yield* readFileChunks(jsonLinesOf, path, bytes);
}

/**
 * The JSON Lines reader of {@link readJsonLines} over any stream of byte chunks (a file, stdin).
 * @param source the `source` of every record
 * @param onChunk called as each chunk arrives (progress)
 */
export async function* jsonLinesOf(chunks: AsyncIterable<Buffer>, source: string, onChunk: () => void = () => {}): AsyncGenerator<RawDocument> {
  let line = 0;
  let carry: Buffer | undefined;
  /** The record of one line's bytes (undefined for a blank line). */
  const record = (raw: Buffer): RawDocument | undefined => {
    line++;
    const bytes = line === 1 && raw.subarray(0, 3).equals(BOM) ? raw.subarray(3) : raw;
    if (!isUtf8(bytes)) return { ok: false, source, line, message: 'invalid UTF-8' };
    const text = bytes.toString('utf8');
    if (isBlank(text)) return undefined;
    try {
      return { ok: true, value: JSON.parse(text), source, line };
    } catch (err) {
      return { ok: false, source, line, message: errorMessage(err) };
    }
  };
  for await (const chunk of chunks) {
    onChunk();
    const buf = carry ? Buffer.concat([carry, chunk]) : chunk;
    let start = 0;
    let cr = buf.indexOf(CR); // the next CR at or after `start` (searched again only once passed)
    for (;;) {
      const lf = buf.indexOf(LF, start);
      if (cr !== -1 && cr < start) cr = buf.indexOf(CR, start);
      let end: number;
      let next: number;
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        // A CR at the end of the chunk may be the first half of a CRLF: decide with the next chunk.
        if (cr + 1 === buf.length) break;
        end = cr;
        next = buf[cr + 1] === LF ? cr + 2 : cr + 1;
      } else if (lf !== -1) {
        end = lf;
        next = lf + 1;
      } else break;
      const r = record(buf.subarray(start, end));
      if (r) yield r;
      start = next;
    }
    carry = start < buf.length ? buf.subarray(start) : undefined;
  }
  if (carry) {
    const end = carry[carry.length - 1] === CR ? carry.length - 1 : carry.length;
    const r = record(carry.subarray(0, end));
    if (r) yield r;
  }
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return false;
  }
  return true;
}

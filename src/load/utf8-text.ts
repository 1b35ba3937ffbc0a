import { isUtf8 } from 'node:buffer';

/**
 * UTF-8 checks for the loaders, so that bytes that are not UTF-8 are reported as failures
 * (`invalid UTF-8`) rather than silently decoded as U+FFFD, as the JSON Lines reader does.
 */

/** The marker that stands for one invalid byte in text decoded by {@link Utf8Chunks}: a lone surrogate, which no valid UTF-8 decodes to. */
export const INVALID_BYTE = '\uDFFF';

/** Length of the UTF-8 sequence a lead byte starts (0: not a lead byte). */
function sequenceLength(b: number): number {
  if (b < 0x80) return 1;
  if (b >= 0xc2 && b <= 0xdf) return 2;
  if (b >= 0xe0 && b <= 0xef) return 3;
  if (b >= 0xf0 && b <= 0xf4) return 4;
  return 0;
}

/** Whether `buf[i, i + n)` is one well-formed sequence (no overlong form, no surrogate, at most U+10FFFF). */
function wellFormed(buf: Uint8Array, i: number, n: number): boolean {
  const b0 = buf[i]!;
  for (let k = 1; k < n; k++) if ((buf[i + k]! & 0xc0) !== 0x80) return false;
  if (n === 3) {
    const b1 = buf[i + 1]!;
    if (b0 === 0xe0 && b1 < 0xa0) return false; // overlong
    if (b0 === 0xed && b1 > 0x9f) return false; // surrogate
  } else if (n === 4) {
    const b1 = buf[i + 1]!;
    if (b0 === 0xf0 && b1 < 0x90) return false; // overlong
    if (b0 === 0xf4 && b1 > 0x8f) return false; // above U+10FFFF
  }
  return true;
}

/** `buf` decoded, each byte that does not belong to a well-formed sequence replaced by {@link INVALID_BYTE}. */
function decodeMarked(buf: Buffer): string {
  let out = '';
  let from = 0;
  let i = 0;
  while (i < buf.length) {
    const n = sequenceLength(buf[i]!);
    if (n === 1) i++;
    else if (n > 0 && i + n <= buf.length && wellFormed(buf, i, n)) i += n;
    else {
      out += buf.toString('utf8', from, i) + INVALID_BYTE;
      from = ++i;
    }
  }
  return out + buf.toString('utf8', from);
}

/**
 * How many bytes at the end of `buf` start a sequence that the next chunk may complete (0–3):
 * they are kept back rather than judged.
 */
function incompleteTail(buf: Buffer): number {
  for (let k = 1; k <= 3 && k <= buf.length; k++) {
    const b = buf[buf.length - k]!;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const n = sequenceLength(b);
    return n > k ? k : 0;
  }
  return 0;
}

/**
 * Decodes a stream of byte chunks as UTF-8 text, a sequence split between chunks kept whole, and
 * each invalid byte turned into {@link INVALID_BYTE} (valid chunks, the usual case, are decoded
 * natively after one `isUtf8` check).
 */
export class Utf8Chunks {
  private carry: Buffer | undefined;

  /** The text of `chunk` (and of bytes held back from the chunk before). */
  write(chunk: Buffer): string {
    const buf = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const tail = incompleteTail(buf);
    const body = tail ? buf.subarray(0, buf.length - tail) : buf;
    this.carry = tail ? buf.subarray(buf.length - tail) : undefined;
    return isUtf8(body) ? body.toString('utf8') : decodeMarked(body);
  }

  /** The text of the bytes still held back at the end of the stream (an incomplete sequence: invalid). */
  end(): string {
    const rest = this.carry;
    this.carry = undefined;
    return rest ? decodeMarked(rest) : '';
  }
}

/**
 * The text of a whole file or zip entry, its BOM removed.
 * @throws Error `invalid UTF-8 at line N` when the bytes are not UTF-8 (N: 1-based line of the first bad byte)
 */
export function utf8Text(buf: Buffer): string {
  if (!isUtf8(buf)) {
    const text = decodeMarked(buf);
    const at = text.indexOf(INVALID_BYTE);
    let line = 1;
    for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 0x0a) line++;
    throw new Error(`invalid UTF-8 at line ${line}`);
  }
  const text = buf.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

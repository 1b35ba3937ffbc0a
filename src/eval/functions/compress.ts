/**
 * COMPRESS(s) and UNCOMPRESS(s): zlib and standard base64, as the reference (Couchbase Server 8.0).
 * Source: couchbase/query `expression/func_str.go` (Compress, Uncompress: Go `compress/zlib`,
 * `compress/gzip`, `encoding/base64`), docs `stringfun.adoc`; behaviour checked with the reference
 * (n1ql-reference). Compression uses node:zlib; base64 decoding follows Go's stream decoder
 * (go-base64-stream.ts) so that malformed input fails where the reference's does.
 */
import { constants, deflateRawSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { evaluationError } from '../../errors/index.js';
import type { FunctionDef } from './function-def.js';
import { goBase64Stream } from './go-base64-stream.js';
import { goDecodeUTF8 } from './go-utf8.js';

/** Inputs up to this size get Go's block framing (see {@link goZlib}); longer ones plain zlib framing. */
const GO_FRAMING_LIMIT = 64 * 1024;

/** Adler-32 of `b` (zlib's trailer), as an unsigned 32-bit number. */
function adler32(b: Uint8Array): number {
  let a = 1;
  let s = 0;
  for (let i = 0; i < b.length; ) {
    // 5552 bytes keep both sums below 2^32 before the modulo (zlib's NMAX).
    const end = Math.min(b.length, i + 5552);
    for (; i < end; i++) {
      a += b[i];
      s += a;
    }
    a %= 65521;
    s %= 65521;
  }
  return (s * 65536 + a) >>> 0;
}

/**
 * zlib data of `data` framed as Go's `zlib.Writer` (level 6) writes it on Close: the 0x78 0x9C
 * header, the compressed blocks none of which is final, one final empty stored block
 * (bits `1 00`, padding, `00 00 FF FF`), the Adler-32. node:zlib's sync flush gives the same
 * blocks followed by a non-final empty stored block, so the final bit of that block's header is
 * set: the header's 3 bits and 0–7 bits of padding end where `00 00 FF FF` starts, which leaves
 * 8 places for it; the one kept is the one whose stream inflates back to `data`.
 * The blocks themselves are zlib's: for inputs with repeats Go's encoder chooses other matches,
 * so the bytes differ from the reference's (both are valid zlib data; docs/compatibility.md).
 * Past {@link GO_FRAMING_LIMIT} bytes the search is skipped: zlib's own framing (last block final).
 */
function goZlib(data: Buffer): Buffer {
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler32(data));
  const header = Buffer.from([0x78, 0x9c]);
  if (data.length <= GO_FRAMING_LIMIT) {
    const synced = deflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH });
    const aligned = 8 * (synced.length - 4);
    for (let bit = aligned - 3; bit >= Math.max(0, aligned - 10); bit--) {
      const byte = bit >> 3;
      const mask = 1 << (bit & 7);
      if (synced[byte] & mask) continue;
      const framed = Buffer.from(synced);
      framed[byte] |= mask;
      let back: Buffer | undefined;
      try {
        back = inflateRawSync(framed);
      } catch {
        continue;
      }
      if (back.equals(data)) return Buffer.concat([header, framed, trailer]);
    }
  }
  return Buffer.concat([header, deflateRawSync(data), trailer]);
}

/** True when `b` starts a zlib stream Go's `zlib.NewReader` accepts (deflate, window ≤ 32K, check bits, no preset dictionary). */
function zlibHeaderOk(b: Uint8Array): boolean {
  return (b[0] & 0x0f) === 8 && b[0] >> 4 <= 7 && ((b[0] << 8) | b[1]) % 31 === 0 && (b[1] & 0x20) === 0;
}

/** True when `b` holds a whole gzip member header Go's `gzip.NewReader` accepts (RFC 1952 §2.3). */
function gzipHeaderOk(b: Uint8Array): boolean {
  if (b.length < 10 || b[0] !== 0x1f || b[1] !== 0x8b || b[2] !== 8) return false;
  const flags = b[3];
  let i = 10;
  if (flags & 4) {
    if (i + 2 > b.length) return false;
    i += 2 + (b[i] | (b[i + 1] << 8));
  }
  for (const f of [8, 16]) {
    if (!(flags & f)) continue;
    while (i < b.length && b[i] !== 0) i++;
    i++;
  }
  if (flags & 2) i += 2;
  return i <= b.length;
}

/** Go's error text for a node:zlib failure of the `kind` stream ('zlib' or 'gzip'). */
function goInflateError(e: unknown, kind: string, streamError: string | undefined): string {
  const code = (e as { code?: string }).code;
  const msg = e instanceof Error ? e.message : String(e);
  if (code === 'Z_BUF_ERROR' || /unexpected end/.test(msg)) return streamError ?? 'unexpected EOF';
  if (/incorrect (data|length) check/.test(msg)) return `${kind}: invalid checksum`;
  return 'flate: corrupt input';
}

/**
 * UNCOMPRESS's body: `s` decoded as base64 (Go's stream decoder) and inflated as zlib data, or as
 * gzip when it starts with the gzip magic; `s` itself when the decoded bytes do not start a zlib
 * or gzip stream.
 * @throws QueryError 5010 "Error evaluating uncompress() - cause: …" when the stream breaks off or
 *   is corrupt ("unexpected EOF", "zlib: invalid checksum", "illegal base64 data at input byte N").
 */
function uncompress(s: string): string {
  const { bytes, error } = goBase64Stream(s);
  const gzip = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (gzip ? !gzipHeaderOk(bytes) : bytes.length < 2 || !zlibHeaderOk(bytes)) return s;
  try {
    return goDecodeUTF8(gzip ? gunzipSync(bytes) : inflateSync(bytes));
  } catch (e) {
    throw evaluationError(`Error evaluating uncompress() - cause: ${goInflateError(e, gzip ? 'gzip' : 'zlib', error)}`, e);
  }
}

export const compressFunctions: FunctionDef[] = [
  {
    /**
     * COMPRESS(s): the UTF-8 bytes of `s` compressed as zlib data (level 6) in standard padded
     * base64: COMPRESS("aaaa") = "eJxKTExMBAQAAP//A84BhQ==", COMPRESS("") = "eJwBAAD//wAAAAE=".
     * Byte-identical to the reference for inputs whose compression finds no repeats (short
     * text); otherwise a different but equivalent zlib stream ({@link goZlib}). NULL for a
     * non-string.
     */
    name: 'COMPRESS',
    minArgs: 1,
    maxArgs: 1,
    nulls: 'strict',
    fn: ([s]) => (typeof s === 'string' ? goZlib(Buffer.from(s, 'utf8')).toString('base64') : null),
  },
  {
    /**
     * UNCOMPRESS(s): the string COMPRESS made (zlib or gzip data in base64), invalid UTF-8 bytes
     * as U+FFFD each; `s` unchanged when it does not decode to the start of such data
     * (UNCOMPRESS("abc") = "abc"); NULL for a non-string. See {@link uncompress} for errors.
     */
    name: 'UNCOMPRESS',
    minArgs: 1,
    maxArgs: 1,
    nulls: 'strict',
    fn: ([s]) => (typeof s === 'string' ? uncompress(s) : null),
  },
];

/**
 * What a reader of Go's `base64.NewDecoder(base64.StdEncoding, strings.NewReader(s))` yields:
 * the bytes it delivers before its first error, and that error's text (undefined at a clean end).
 * The reference's UNCOMPRESS reads through such a decoder, so a consumer that stops early (a
 * zlib stream that ends before bad input) never sees the error, and one that needs more bytes
 * sees it. Go's rules, on the UTF-8 bytes of `s`:
 * - CR and LF are dropped first; the rest is read in chunks of 1024 characters and each chunk's
 *   whole 4-character quanta decoded; up to 3 characters left at the end are "unexpected EOF";
 * - an invalid character, or `=` as the 1st/2nd of a quantum, or a lone `=` third, stops with
 *   "illegal base64 data at input byte N" (N counted from the chunk's start), keeping nothing of
 *   that quantum; characters after a padded quantum in the same chunk stop the same way
 *   ("trailing garbage") after the padded quantum's bytes.
 * Source: Go `src/encoding/base64/base64.go` (decoder.Read, Decode, decodeQuantum).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int8Array(256).fill(-1);
for (let i = 0; i < 64; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
const PAD = 0x3d;
/** Characters the stream decoder takes in one read (its 1024-byte buffer). */
const CHUNK = 1024;

/** See the module comment. */
export function goBase64Stream(s: string): { bytes: Buffer; error?: string } {
  const text = Buffer.from(s, 'utf8').filter((c) => c !== 0x0a && c !== 0x0d);
  const whole = text.length - (text.length % 4);
  const out = Buffer.alloc((whole / 4) * 3);
  let n = 0;
  const corrupt = (at: number) => ({ bytes: out.subarray(0, n), error: `illegal base64 data at input byte ${at}` });
  for (let start = 0; start < whole; start += CHUNK) {
    const end = Math.min(whole, start + CHUNK);
    for (let q = start; q < end; q += 4) {
      const v: number[] = [];
      let padAt = -1;
      for (let j = 0; j < 4; j++) {
        const c = text[q + j];
        const d = DECODE[c];
        if (d >= 0) {
          v.push(d);
          continue;
        }
        if (c !== PAD || j < 2) return corrupt(q + j - start);
        if (j === 2 && text[q + 3] !== PAD) return corrupt(q + 2 - start);
        padAt = j;
        break;
      }
      while (v.length < 4) v.push(0);
      const bits = (v[0] << 18) | (v[1] << 12) | (v[2] << 6) | v[3];
      const len = padAt < 0 ? 3 : padAt - 1;
      out[n++] = bits >>> 16;
      if (len > 1) out[n++] = (bits >>> 8) & 0xff;
      if (len > 2) out[n++] = bits & 0xff;
      if (padAt >= 0 && q + 4 < end) return corrupt(q + 4 - start);
    }
  }
  const bytes = out.subarray(0, n);
  return whole < text.length ? { bytes, error: 'unexpected EOF' } : { bytes };
}

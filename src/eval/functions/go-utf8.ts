/**
 * Go's view of byte strings that may not be valid UTF-8: the reference builds some strings byte
 * by byte (LIKE_STOP, REGEXP_STOP), and Go's JSON encoder writes each byte of an invalid
 * sequence as one U+FFFD (`utf8.DecodeRune` returns width 1 for it). Node's decoder groups
 * the bytes of a cut sequence into one U+FFFD, so we decode here.
 */

/** Length of the valid UTF-8 sequence at `i`, or 0 when the byte there starts none (Go's rules). */
function sequenceLength(b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < b.length && b[i + k]! >= lo && b[i + k]! <= hi;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if (c === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0; // no surrogates
  if (c >= 0xe1 && c <= 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (c === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (c >= 0xf1 && c <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (c === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

/** Decodes bytes as Go prints them: valid sequences as their characters, every other byte as U+FFFD. */
export function goDecodeUTF8(b: Uint8Array): string {
  let out = '';
  let i = 0;
  let from = 0;
  while (i < b.length) {
    const n = sequenceLength(b, i);
    if (n > 0) {
      i += n;
      continue;
    }
    out += Buffer.from(b.subarray(from, i)).toString('utf8') + '\ufffd';
    i++;
    from = i;
  }
  return out + Buffer.from(b.subarray(from, i)).toString('utf8');
}

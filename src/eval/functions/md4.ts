/**
 * MD4 (RFC 1320), for HASHBYTES(…, "md4"): Node's OpenSSL 3 no longer provides it
 * (`createHash('md4')` throws "unsupported"), and the small packages that do could not be
 * installed reliably beside this project's shared node_modules. The algorithm is RFC 1320 §3
 * exactly: 3 rounds of 16 operations on 512-bit blocks, little-endian words and length.
 * Tested with the RFC's test vectors (test/functions/hash-bytes.test.ts).
 */

const rotl = (x: number, n: number): number => (x << n) | (x >>> (32 - n));

/** The 16-byte MD4 digest of `data`. */
export function md4(data: Uint8Array): Buffer {
  const bitLength = data.length * 8;
  const padded = Buffer.alloc((((data.length + 8) >> 6) + 1) << 6);
  padded.set(data);
  padded[data.length] = 0x80;
  padded.writeUInt32LE(bitLength >>> 0, padded.length - 8);
  padded.writeUInt32LE(Math.floor(bitLength / 2 ** 32) >>> 0, padded.length - 4);
  let a = 0x67452301;
  let b = 0xefcdab89;
  let c = 0x98badcfe;
  let d = 0x10325476;
  const x = new Int32Array(16);
  const f = (p: number, q: number, r: number) => (p & q) | (~p & r);
  const g = (p: number, q: number, r: number) => (p & q) | (p & r) | (q & r);
  const h = (p: number, q: number, r: number) => p ^ q ^ r;
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) x[i] = padded.readInt32LE(off + 4 * i);
    const [aa, bb, cc, dd] = [a, b, c, d];
    // Round 1: [abcd k s] a = (a + F(b,c,d) + X[k]) <<< s.
    for (const k of [0, 4, 8, 12]) {
      a = rotl((a + f(b, c, d) + x[k]) | 0, 3);
      d = rotl((d + f(a, b, c) + x[k + 1]) | 0, 7);
      c = rotl((c + f(d, a, b) + x[k + 2]) | 0, 11);
      b = rotl((b + f(c, d, a) + x[k + 3]) | 0, 19);
    }
    // Round 2: a = (a + G(b,c,d) + X[k] + 5A827999) <<< s.
    for (const k of [0, 1, 2, 3]) {
      a = rotl((a + g(b, c, d) + x[k] + 0x5a827999) | 0, 3);
      d = rotl((d + g(a, b, c) + x[k + 4] + 0x5a827999) | 0, 5);
      c = rotl((c + g(d, a, b) + x[k + 8] + 0x5a827999) | 0, 9);
      b = rotl((b + g(c, d, a) + x[k + 12] + 0x5a827999) | 0, 13);
    }
    // Round 3: a = (a + H(b,c,d) + X[k] + 6ED9EBA1) <<< s.
    for (const k of [0, 2, 1, 3]) {
      a = rotl((a + h(b, c, d) + x[k] + 0x6ed9eba1) | 0, 3);
      d = rotl((d + h(a, b, c) + x[k + 8] + 0x6ed9eba1) | 0, 9);
      c = rotl((c + h(d, a, b) + x[k + 4] + 0x6ed9eba1) | 0, 11);
      b = rotl((b + h(c, d, a) + x[k + 12] + 0x6ed9eba1) | 0, 15);
    }
    a = (a + aa) | 0;
    b = (b + bb) | 0;
    c = (c + cc) | 0;
    d = (d + dd) | 0;
  }
  const out = Buffer.alloc(16);
  [a, b, c, d].forEach((w, i) => out.writeInt32LE(w, 4 * i));
  return out;
}

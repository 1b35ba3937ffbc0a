/**
 * HASHBYTES(value [, options]): the hex digest of a value's bytes — a string's UTF-8 bytes, any
 * other value's JSON text as ENCODE_JSON writes it (HASHBYTES(1, "md5") is MD5 of "1").
 *
 * `options` is an algorithm name or an object `{"algorithm": name, "polynomial": p}`; names
 * (any case): `crc32`, `md4`, `md5`, `sha224`, `sha256` (the default), `sha384`, `sha512`,
 * `sha512/224`, `sha512/256`. An unknown name, or options of another type, give NULL; MISSING,
 * NULL or a non-string `algorithm` mean sha256. For crc32, `polynomial` is `"IEEE"` (the
 * default), `"Castagnoli"`, `"Koopman"` (any case), a number (its low 32 bits), or a string
 * with a number in Go's syntax (`"0xD5828281"`, `"2197175160"`); anything else means IEEE. The
 * polynomial is in reversed bit order, as Go's `crc32.MakeTable` takes it.
 * A MISSING value gives MISSING, a NULL value NULL.
 * Source: the reference's answers (n1ql-reference) and its suite `crypto_functions/case_crypto.json`.
 */
import { createHash } from 'node:crypto';
import type { Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { marshalJSON } from './go-json.js';
import { md4 } from './md4.js';

/** Go `hash/crc32` polynomials (reversed). */
const POLYNOMIALS: Record<string, number> = { ieee: 0xedb88320, castagnoli: 0x82f63b78, koopman: 0xeb31d82e };

const tables = new Map<number, Uint32Array>();

/** Go `crc32.MakeTable(poly)`: the byte table of a reversed polynomial (cached). */
function crcTable(poly: number): Uint32Array {
  let t = tables.get(poly);
  if (t) return t;
  t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i;
    for (let j = 0; j < 8; j++) crc = crc & 1 ? (crc >>> 1) ^ poly : crc >>> 1;
    t[i] = crc >>> 0;
  }
  tables.set(poly, t);
  return t;
}

/** Go `crc32.Checksum(data, MakeTable(poly))` as 8 hex digits. */
function crc32(data: Uint8Array, poly: number): string {
  const t = crcTable(poly);
  let crc = 0xffffffff;
  for (const b of data) crc = t[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return ((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, '0');
}

/** Go `strconv.ParseUint(s, 0, 32)`: decimal, `0x`/`0o`/`0b`/leading-`0` octal; undefined when invalid or ≥ 2^32. */
function parseUint32(s: string): number | undefined {
  const m = /^(?:0[xX]([0-9a-fA-F]+)|0[bB]([01]+)|0[oO]?([0-7]+)|([1-9][0-9]*|0))$/.exec(s);
  if (m === null) return undefined;
  const n = m[1] !== undefined ? parseInt(m[1], 16) : m[2] !== undefined ? parseInt(m[2], 2) : m[3] !== undefined ? parseInt(m[3], 8) : Number(m[4]);
  return n < 2 ** 32 ? n : undefined;
}

/** The crc32 polynomial an option names; IEEE when it names none. */
function polynomialOf(p: Value): number {
  if (typeof p === 'number') return Number.isFinite(p) ? Number(BigInt.asUintN(32, BigInt(Math.trunc(p)))) : POLYNOMIALS.ieee;
  if (typeof p !== 'string') return POLYNOMIALS.ieee;
  return POLYNOMIALS[p.toLowerCase()] ?? parseUint32(p) ?? POLYNOMIALS.ieee;
}

/** Node's name of each digest the reference takes. */
const DIGESTS: Record<string, string> = {
  md5: 'md5',
  sha224: 'sha224',
  sha256: 'sha256',
  sha384: 'sha384',
  sha512: 'sha512',
  'sha512/224': 'sha512-224',
  'sha512/256': 'sha512-256',
};

/** The hex digest of `data` by the algorithm `options` name, or NULL. */
function digest(data: Uint8Array, options: Value): Value {
  let name: Value = 'sha256';
  let polynomial: Value;
  if (typeof options === 'string') name = options;
  else if (options !== undefined && options !== null) {
    if (typeof options !== 'object' || Array.isArray(options)) return null;
    if (typeof options.algorithm === 'string') name = options.algorithm;
    polynomial = options.polynomial;
  }
  const algorithm = name.toLowerCase();
  if (algorithm === 'crc32') return crc32(data, polynomialOf(polynomial));
  if (algorithm === 'md4') return md4(data).toString('hex');
  const node = DIGESTS[algorithm];
  return node === undefined ? null : createHash(node).update(data).digest('hex');
}

export const hashBytesFunctions: FunctionDef[] = [
  {
    name: 'HASHBYTES',
    minArgs: 1,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([v, options]) => {
      if (v === undefined || v === null) return v;
      const data = Buffer.from(typeof v === 'string' ? v : marshalJSON(v), 'utf8');
      return digest(data, options);
    },
  },
];

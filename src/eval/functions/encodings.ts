/**
 * Encodings: BASE64 (aliases BASE64_ENCODE, ENCODE_BASE64), BASE64_DECODE (alias DECODE_BASE64),
 * URLENCODE, URLDECODE; and the version functions VERSION() and DS_VERSION().
 * Source: couchbase/query `expression/func_registry.go` (names), `func_base64.go`,
 * `func_meta.go` (Version, DsVersion), Go `encoding/base64` (StdEncoding) and `net/url`
 * (QueryEscape, QueryUnescape); values checked with the reference (n1ql-reference).
 */
import type { Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { marshalJSON } from './go-json.js';

/** tokenql's version, the answer of VERSION() and DS_VERSION() (kept equal to package.json's by a test). */
export const TOKENQL_VERSION = '0.1.0';

/** Go `base64.StdEncoding` text: padded, CR and LF ignored anywhere. */
const STD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The value whose JSON text `bytes` hold. Bytes that are not JSON are a binary value in the
 * reference, which prints as `"<binary (N b)>"`; tokenql has no binary values and gives that
 * string (docs/compatibility.md).
 */
function decodedValue(bytes: Buffer): Value {
  try {
    return JSON.parse(bytes.toString('utf8')) as Value;
  } catch {
    return `<binary (${bytes.length} b)>`;
  }
}

/** Go `url.QueryEscape`: A–Z a–z 0–9 `-_.~` kept, space as `+`, every other byte `%XX`. */
function queryEscape(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (b === 0x20) out += '+';
    else out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** Go `url.QueryUnescape`: `+` as space, `%XX` as a byte; undefined for a bad escape. Bytes that are not UTF-8 come out as U+FFFD. */
function queryUnescape(s: string): string | undefined {
  if (!s.includes('%') && !s.includes('+')) return s;
  const bytes: number[] = [];
  const src = Buffer.from(s, 'utf8');
  for (let i = 0; i < src.length; i++) {
    const b = src[i];
    if (b === 0x25) {
      const hex = src.toString('latin1', i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return undefined;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(b === 0x2b ? 0x20 : b);
  }
  return Buffer.from(bytes).toString('utf8');
}

export const encodingFunctions: FunctionDef[] = [
  {
    /**
     * BASE64(v), aliases BASE64_ENCODE, ENCODE_BASE64: the standard (padded) base64 of the JSON
     * text of `v` as ENCODE_JSON writes it (BASE64("a") is "ImEi", of `"a"`; BASE64(NULL) is
     * "bnVsbA==", of `null`). MISSING gives MISSING.
     */
    name: 'BASE64',
    aliases: ['BASE64_ENCODE', 'ENCODE_BASE64'],
    minArgs: 1,
    maxArgs: 1,
    nulls: 'custom',
    fn: ([v]) => (v === undefined ? undefined : Buffer.from(marshalJSON(v), 'utf8').toString('base64')),
  },
  {
    /**
     * BASE64_DECODE(s), alias DECODE_BASE64: the value whose JSON text `s` encodes in standard
     * padded base64; NULL when `s` is not a string or not such base64 (BASE64_DECODE("YQ") is
     * NULL); `"<binary (N b)>"` when the bytes are not JSON. MISSING/NULL give MISSING/NULL.
     */
    name: 'BASE64_DECODE',
    aliases: ['DECODE_BASE64'],
    minArgs: 1,
    maxArgs: 1,
    nulls: 'strict',
    fn: ([s]) => {
      if (typeof s !== 'string') return null;
      const text = s.replace(/[\r\n]/g, '');
      return STD_BASE64.test(text) ? decodedValue(Buffer.from(text, 'base64')) : null;
    },
  },
  {
    /** URLENCODE(s): `s` escaped for a URL query (Go `url.QueryEscape`: "a b&c" → "a+b%26c"); NULL for a non-string. */
    name: 'URLENCODE',
    minArgs: 1,
    maxArgs: 1,
    nulls: 'strict',
    fn: ([s]) => (typeof s === 'string' ? queryEscape(s) : null),
  },
  {
    /** URLDECODE(s): the inverse of URLENCODE (Go `url.QueryUnescape`); NULL for a bad `%` escape or a non-string. */
    name: 'URLDECODE',
    minArgs: 1,
    maxArgs: 1,
    nulls: 'strict',
    fn: ([s]) => (typeof s === 'string' ? (queryUnescape(s) ?? null) : null),
  },
  {
    /** VERSION(): the query engine's version, a string (tokenql's version). */
    name: 'VERSION',
    minArgs: 0,
    maxArgs: 0,
    nulls: 'strict',
    fn: () => TOKENQL_VERSION,
  },
  {
    /** DS_VERSION(): the data store's version, a string (tokenql's version: its store is its own). */
    name: 'DS_VERSION',
    minArgs: 0,
    maxArgs: 0,
    nulls: 'strict',
    fn: () => TOKENQL_VERSION,
  },
];

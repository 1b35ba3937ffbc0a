/**
 * Index keys as bytes in the order of N1QL collation, for the `bytea` key column of the
 * PostgreSQL store: `Buffer.compare(encodeIndexKey(a, desc), encodeIndexKey(b, desc))` has the
 * sign of `new IndexTree(desc).compareKeys(a, b)` for every pair of keys, so PostgreSQL's bytea
 * B-tree (memcmp order) keeps index entries in tokenql's index order and a range of bytes is a
 * span. The layout, byte by byte, is in docs/postgres.md ("Index keys").
 *
 * Every value's encoding is self-delimiting (none is a proper prefix of another), so a composite
 * key is the concatenation of its values' encodings and compares position by position, a shorter
 * key before its extensions; a DESC key is its value's encoding with every byte inverted.
 *
 * Source of the order: src/values/collate.ts `collate` (couchbase/query `value/*.go` `Collate`).
 */
import { compareStrings, type ObjectValue, type Value } from '../../values/index.js';

/** Type tags, in collation order; 0x00 ends an array (below every tag: a prefix sorts first). */
const END = 0x00;
const T_MISSING = 0x01;
const T_NULL = 0x02;
const T_FALSE = 0x03;
const T_TRUE = 0x04;
const T_NUMBER = 0x05;
const T_STRING = 0x06;
const T_ARRAY = 0x07;
const T_OBJECT = 0x08;

/** A string's byte 0x00 is written 0x00 0xFF; 0x00 0x01 ends the string. */
const ESCAPED_ZERO = 0xff;
const STRING_END = 0x01;

/** A lone high surrogate: the first three bytes of the UTF-8 of (it, U+DC00), then this byte (below any continuation byte). */
const LONE_HIGH_MARK = 0x7f;
/** A lone low surrogate: this byte (past every UTF-8 lead byte), then its 10 bits in two continuation bytes. */
const LONE_LOW_LEAD = 0xf5;

/** Matches a lone (unpaired) surrogate: a well-formed pair is one code point in a `u` regex. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Grows on demand; encodings are written here and copied out. */
let scratch = Buffer.allocUnsafe(1024);
const f64 = new Float64Array(1);
const f64Bytes = new Uint8Array(f64.buffer);
/** Whether the platform stores a double's bytes little-endian (byte 7 holds the sign). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The writer's state: the position in {@link scratch}. */
let pos = 0;

function ensure(n: number): void {
  if (pos + n <= scratch.length) return;
  let size = scratch.length * 2;
  while (size < pos + n) size *= 2;
  const grown = Buffer.allocUnsafe(size);
  scratch.copy(grown, 0, 0, pos);
  scratch = grown;
}

function byte(b: number): void {
  ensure(1);
  scratch[pos++] = b;
}

/**
 * Encodes a composite index key: key `i` is `key[i]` in collation order, its bytes inverted when
 * `desc[i]`. A key shorter than `desc` (a prefix, as span bounds are) encodes its values only.
 * MISSING (`undefined`) is a value here (an index key can be MISSING). Values must be N1QL
 * values (src/values/value.ts): a `bigint` outside ±2^1024 or a non-plain object is not one.
 * @returns a new Buffer
 */
export function encodeIndexKey(key: readonly Value[], desc: readonly boolean[]): Buffer {
  pos = 0;
  for (let i = 0; i < key.length; i++) {
    const start = pos;
    writeValue(key[i]);
    if (desc[i]) for (let j = start; j < pos; j++) scratch[j] = ~scratch[j]! & 0xff;
  }
  const out = Buffer.allocUnsafe(pos);
  scratch.copy(out, 0, 0, pos);
  return out;
}

function writeValue(v: Value): void {
  switch (typeof v) {
    case 'undefined':
      return byte(T_MISSING);
    case 'boolean':
      return byte(v ? T_TRUE : T_FALSE);
    case 'number':
      return writeNumber(v, 0n);
    case 'bigint':
      return writeBigint(v);
    case 'string':
      byte(T_STRING);
      return writeString(v);
    default:
      if (v === null) return byte(T_NULL);
      if (Array.isArray(v)) {
        byte(T_ARRAY);
        for (const e of v) writeValue(e);
        return byte(END);
      }
      return writeObject(v);
  }
}

/**
 * A number: the tag, the 8 bytes of a double in order (NaN first as 8 zero bytes, -0 as 0), then
 * the remainder that the double lacks (a bigint not held by a double: the largest double below
 * it, then how far above it the bigint is) as a length byte and that many big-endian bytes.
 */
function writeNumber(d: number, remainder: bigint): void {
  ensure(10);
  scratch[pos++] = T_NUMBER;
  if (Number.isNaN(d)) {
    scratch.fill(0, pos, pos + 8);
    pos += 8;
  } else {
    f64[0] = d === 0 ? 0 : d;
    const negative = f64Bytes[LITTLE_ENDIAN ? 7 : 0]! >= 0x80;
    for (let i = 0; i < 8; i++) {
      const b = f64Bytes[LITTLE_ENDIAN ? 7 - i : i]!;
      scratch[pos++] = negative ? ~b & 0xff : i === 0 ? b ^ 0x80 : b;
    }
  }
  if (remainder === 0n) {
    scratch[pos++] = 0;
    return;
  }
  const bytes: number[] = [];
  for (let r = remainder; r > 0n; r >>= 8n) bytes.unshift(Number(r & 0xffn));
  ensure(1 + bytes.length);
  scratch[pos++] = bytes.length;
  for (const b of bytes) scratch[pos++] = b;
}

/** A bigint as the largest double at or below it and the (non-negative) rest. */
function writeBigint(b: bigint): void {
  let d = Number(b);
  if (!Number.isFinite(d)) throw new RangeError(`encodeIndexKey: bigint ${b} is past the range of a double`);
  if (BigInt(d) > b) d = nextDown(d);
  writeNumber(d, b - BigInt(d));
}

/** The largest double below a finite non-zero double. */
function nextDown(d: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, d);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, d > 0 ? bits - 1n : bits + 1n);
  return view.getFloat64(0);
}

/**
 * A string's body and its end: UTF-8 (code point order, the order of `compareStrings`), a byte
 * 0x00 escaped, then 0x00 0x01. Lone surrogates, which `compareStrings` orders by code unit
 * (after every other code unit of their position), get bytes of their own (see the constants).
 */
function writeString(s: string): void {
  if (LONE_SURROGATE.test(s)) return writeStringSlow(s);
  ensure(s.length * 3 + 2);
  const start = pos;
  pos += scratch.write(s, pos, 'utf8');
  if (s.includes('\0')) {
    let zeros = 0;
    for (let i = start; i < pos; i++) if (scratch[i] === 0) zeros++;
    ensure(zeros + 2);
    // Shift right from the end, doubling each zero into 0x00 0xFF.
    let w = pos + zeros;
    for (let r = pos - 1; r >= start; r--) {
      const b = scratch[r]!;
      if (b === 0) scratch[--w] = ESCAPED_ZERO;
      scratch[--w] = b;
    }
    pos += zeros;
  }
  scratch[pos++] = 0;
  scratch[pos++] = STRING_END;
}

/** {@link writeString} code unit by code unit, for a string holding a lone surrogate. */
function writeStringSlow(s: string): void {
  ensure(s.length * 4 + 2);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) {
      scratch[pos++] = 0;
      scratch[pos++] = ESCAPED_ZERO;
    } else if (c < 0x80) scratch[pos++] = c;
    else if (c < 0x800) {
      scratch[pos++] = 0xc0 | (c >> 6);
      scratch[pos++] = 0x80 | (c & 0x3f);
    } else if (c < 0xd800 || c >= 0xe000) {
      scratch[pos++] = 0xe0 | (c >> 12);
      scratch[pos++] = 0x80 | ((c >> 6) & 0x3f);
      scratch[pos++] = 0x80 | (c & 0x3f);
    } else if (c < 0xdc00) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      const paired = next >= 0xdc00 && next < 0xe000;
      const cp = 0x10000 + ((c - 0xd800) << 10) + (paired ? next - 0xdc00 : 0);
      scratch[pos++] = 0xf0 | (cp >> 18);
      scratch[pos++] = 0x80 | ((cp >> 12) & 0x3f);
      scratch[pos++] = 0x80 | ((cp >> 6) & 0x3f);
      scratch[pos++] = paired ? 0x80 | (cp & 0x3f) : LONE_HIGH_MARK;
      if (paired) i++;
    } else {
      scratch[pos++] = LONE_LOW_LEAD;
      scratch[pos++] = 0x80 | ((c - 0xdc00) >> 6);
      scratch[pos++] = 0x80 | ((c - 0xdc00) & 0x3f);
    }
  }
  scratch[pos++] = 0;
  scratch[pos++] = STRING_END;
}

/**
 * An object as collation orders it: the number of fields (a length byte, then that many
 * big-endian bytes), then each field in code point order of the names: the name's string body
 * and end, then the value.
 */
function writeObject(o: ObjectValue): void {
  const names = Object.keys(o);
  byte(T_OBJECT);
  writeCount(names.length);
  names.sort(compareStrings);
  for (const name of names) {
    writeString(name);
    writeValue(o[name]);
  }
}

function writeCount(n: number): void {
  const bytes: number[] = [];
  for (let r = n; r > 0; r = Math.floor(r / 256)) bytes.unshift(r % 256);
  ensure(1 + bytes.length);
  scratch[pos++] = bytes.length;
  for (const b of bytes) scratch[pos++] = b;
}

/**
 * Decodes what {@link encodeIndexKey} wrote with the same `desc`: as many values as the bytes
 * hold (a value past `desc.length` is read ascending). Each value collates equal to the one
 * encoded and keeps its representation (a bigint stays a bigint), except that -0 comes back as
 * 0 and an object's fields come back in code point order of their names (both collate equal to
 * the original: the encoding cannot tell them apart and must not, equal keys being one key).
 * @throws Error when the bytes are not such an encoding
 */
export function decodeIndexKey(buf: Uint8Array, desc: readonly boolean[]): Value[] {
  const r = new Reader(buf);
  const out: Value[] = [];
  while (r.pos < buf.length) {
    r.mask = desc[out.length] ? 0xff : 0;
    out.push(r.value());
  }
  return out;
}

/** Reads values from bytes, each byte XORed with `mask` (0xff for a DESC key). */
class Reader {
  pos = 0;
  mask = 0;
  constructor(private readonly buf: Uint8Array) {}

  private next(): number {
    if (this.pos >= this.buf.length) throw new Error('decodeIndexKey: the key ends inside a value');
    return this.buf[this.pos++]! ^ this.mask;
  }

  private peek(): number {
    if (this.pos >= this.buf.length) throw new Error('decodeIndexKey: the key ends inside an array');
    return this.buf[this.pos]! ^ this.mask;
  }

  value(): Value {
    const tag = this.next();
    switch (tag) {
      case T_MISSING:
        return undefined;
      case T_NULL:
        return null;
      case T_FALSE:
        return false;
      case T_TRUE:
        return true;
      case T_NUMBER:
        return this.number();
      case T_STRING:
        return this.string();
      case T_ARRAY: {
        const a: Value[] = [];
        while (this.peek() !== END) a.push(this.value());
        this.pos++;
        return a;
      }
      case T_OBJECT: {
        const o: ObjectValue = {};
        for (let n = this.count(); n > 0; n--) {
          const name = this.string();
          o[name] = this.value();
        }
        return o;
      }
      default:
        throw new Error(`decodeIndexKey: unknown type tag 0x${tag.toString(16)} at byte ${this.pos - 1}`);
    }
  }

  private number(): number | bigint {
    const first = this.next();
    const negative = first < 0x80;
    let zero = first === 0;
    for (let i = 0; i < 8; i++) {
      const b = i === 0 ? first : this.next();
      if (b !== 0) zero = false;
      f64Bytes[LITTLE_ENDIAN ? 7 - i : i] = negative ? ~b & 0xff : i === 0 ? b ^ 0x80 : b;
    }
    const d = zero ? NaN : f64[0]!;
    const len = this.next();
    if (len === 0) return d;
    let rest = 0n;
    for (let i = 0; i < len; i++) rest = (rest << 8n) | BigInt(this.next());
    return BigInt(d) + rest;
  }

  private count(): number {
    let n = 0;
    for (let len = this.next(); len > 0; len--) n = n * 256 + this.next();
    return n;
  }

  /** A string's body up to its end mark (the tag already read). */
  private string(): string {
    const buf = this.buf;
    const zero = this.mask; // a byte 0x00 as stored
    const start = this.pos;
    let end = start;
    let escaped = false;
    for (;;) {
      end = buf.indexOf(zero, end);
      if (end < 0 || end + 1 >= buf.length) throw new Error('decodeIndexKey: a string has no end');
      const after = buf[end + 1]! ^ this.mask;
      if (after === STRING_END) break;
      if (after !== ESCAPED_ZERO) throw new Error(`decodeIndexKey: bad byte 0x${after.toString(16)} after 0x00 in a string`);
      escaped = true;
      end += 2;
    }
    this.pos = end + 2;
    let bytes: Uint8Array;
    if (!escaped && this.mask === 0) bytes = buf.subarray(start, end);
    else {
      // Undo the inversion and the escapes into a copy.
      const copy = new Uint8Array(end - start);
      let w = 0;
      for (let i = start; i < end; i++) {
        const b = buf[i]! ^ this.mask;
        copy[w++] = b;
        if (b === 0) i++;
      }
      bytes = copy.subarray(0, w);
    }
    const s = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
    // U+FFFD is what the decoder makes of the bytes of a lone surrogate (or the character itself).
    return s.includes('\ufffd') ? decodeUnits(bytes) : s;
  }
}

/** A string body (unescaped) decoded byte by byte, lone surrogates included. */
function decodeUnits(bytes: Uint8Array): string {
  const units: number[] = [];
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b < 0x80) {
      units.push(b);
      i++;
    } else if (b < 0xe0) {
      units.push(((b & 0x1f) << 6) | (bytes[i + 1]! & 0x3f));
      i += 2;
    } else if (b < 0xf0) {
      units.push(((b & 0x0f) << 12) | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f));
      i += 3;
    } else if (b === LONE_LOW_LEAD) {
      units.push(0xdc00 + (((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f)));
      i += 3;
    } else {
      const last = bytes[i + 3]!;
      const cp = ((b & 0x07) << 18) | ((bytes[i + 1]! & 0x3f) << 12) | ((bytes[i + 2]! & 0x3f) << 6) | (last === LONE_HIGH_MARK ? 0 : last & 0x3f);
      const high = 0xd800 + ((cp - 0x10000) >> 10);
      units.push(high);
      if (last !== LONE_HIGH_MARK) units.push(0xdc00 + ((cp - 0x10000) & 0x3ff));
      i += 4;
    }
  }
  let s = '';
  for (let i = 0; i < units.length; i += 4096) s += String.fromCharCode(...units.slice(i, i + 4096));
  return s;
}

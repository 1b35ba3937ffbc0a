import { crc32 } from 'node:zlib';

/**
 * The record format shared by data and index files (docs/storage.md): a 9-byte header —
 * payload length (u32 LE), record type (u8), CRC-32 of the type byte and the payload (u32 LE) —
 * followed by the payload (UTF-8 JSON).
 */
export const HEADER_BYTES = 9;
/** Largest payload accepted when reading (a longer length field means damage). */
export const MAX_PAYLOAD = 256 * 1024 * 1024;

/** Record types. */
export const RecordType = {
  /** First record of every file: `{"format": "tokenql-data" | "tokenql-index", "version": 1}`. */
  FILE: 0x46,
  /** A document version: `[key, cas, expiration, seqno, value]`, and `xattrs` sixth when it has extended attributes. */
  PUT: 0x50,
  /** A tombstone: `[key, cas, seqno, deletedAt]` (deletion time in Unix seconds), and the system `xattrs` it keeps fifth. */
  DEL: 0x44,
  /** An index entry added: `[docId, entryKey]` (the entry's canonical key text). */
  ADD: 0x41,
  /** An index entry removed: `[docId, entryKey]`. */
  REMOVE: 0x52,
  /** Commit log (transactions.tql): a transaction committed, `[txid, [[keyspace, key, cas, expiration, value?, xattrs?], …]]` (no value: a removal). */
  TX_COMMIT: 0x43,
  /** Commit log: every write of the transaction is acknowledged by its bucket, `[txid]`. */
  TX_DONE: 0x4b,
} as const;
export type RecordTypeCode = (typeof RecordType)[keyof typeof RecordType];

const VALID = new Set<number>(Object.values(RecordType));
const TYPE_BYTES = Array.from({ length: 256 }, (_, i) => Buffer.of(i));

function checksum(type: number, payload: Uint8Array): number {
  return crc32(payload, crc32(TYPE_BYTES[type])) >>> 0;
}

/** Encodes one record (a string payload is written as UTF-8 straight after the header: one copy). */
export function encodeRecord(type: RecordTypeCode, payload: string | Buffer): Buffer {
  const len = typeof payload === 'string' ? Buffer.byteLength(payload, 'utf8') : payload.length;
  const b = Buffer.allocUnsafe(HEADER_BYTES + len);
  if (typeof payload === 'string') b.write(payload, HEADER_BYTES, 'utf8');
  else payload.copy(b, HEADER_BYTES);
  b.writeUInt32LE(len, 0);
  b[4] = type;
  b.writeUInt32LE(checksum(type, b.subarray(HEADER_BYTES)), 5);
  return b;
}

/** The FILE record that opens a data or index file. */
export function fileRecord(kind: 'data' | 'index'): Buffer {
  return encodeRecord(RecordType.FILE, JSON.stringify({ format: `tokenql-${kind}`, version: 1 }));
}

/** A record read back from a buffer. */
export interface DecodedRecord {
  type: RecordTypeCode;
  payload: Buffer;
  size: number;
}

/**
 * Decodes the record at `pos` of `buf`: the record, `'short'` when the buffer ends inside it
 * (with `need`, the bytes it claims), or `'bad'` (unknown type, implausible length, checksum).
 */
export function decodeAt(buf: Buffer, pos: number, end = buf.length): DecodedRecord | { status: 'short'; need: number } | { status: 'bad'; why: string } {
  if (end - pos < HEADER_BYTES) return { status: 'short', need: HEADER_BYTES };
  const len = buf.readUInt32LE(pos);
  const type = buf[pos + 4];
  if (!VALID.has(type)) return { status: 'bad', why: `unknown record type 0x${type.toString(16)}` };
  if (len > MAX_PAYLOAD) return { status: 'bad', why: `implausible record length ${len}` };
  if (end - pos < HEADER_BYTES + len) return { status: 'short', need: HEADER_BYTES + len };
  const payload = buf.subarray(pos + HEADER_BYTES, pos + HEADER_BYTES + len);
  if (checksum(type, payload) !== buf.readUInt32LE(pos + 5)) return { status: 'bad', why: 'checksum mismatch' };
  return { type: type as RecordTypeCode, payload, size: HEADER_BYTES + len };
}

/** A data PUT record. */
export function putRecord(key: string, cas: number, expiration: number, seqno: number, value: unknown, xattrs?: Record<string, unknown>): Buffer {
  // A document with extended attributes has them as a sixth element (older files: five, none).
  return encodeRecord(RecordType.PUT, JSON.stringify(xattrs ? [key, cas, expiration, seqno, value, xattrs] : [key, cas, expiration, seqno, value]));
}

/** A data DEL (tombstone) record. */
export function delRecord(key: string, cas: number, seqno: number, deletedAt: number, xattrs?: Record<string, unknown>): Buffer {
  // The system xattrs a tombstone keeps are a fifth element (older files: four, none).
  return encodeRecord(RecordType.DEL, JSON.stringify(xattrs ? [key, cas, seqno, deletedAt, xattrs] : [key, cas, seqno, deletedAt]));
}

/** The payload of a data file record, read back and checked. */
export type DataPayload =
  | { type: 'file' }
  | { type: 'put'; key: string; cas: number; expiration: number; seqno: number; value: unknown; xattrs?: Record<string, unknown> }
  | { type: 'del'; key: string; cas: number; seqno: number; deletedAt: number; xattrs?: Record<string, unknown> };

/** A count, time or CAS as the store writes them: a finite number, not negative. */
function isCount(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x) && x >= 0;
}

/**
 * Parses the payload of a data file record and checks it has the shape its type calls for (the
 * tables of docs/storage.md "Record format"): the fields, or the reason it is damage ("A record
 * with a good checksum whose payload is not the expected JSON is damage too", docs/storage.md
 * "Recovery"; a durability audit, B5, found such records crashing the open or read as documents
 * with a numeric or undefined key, an undefined value or a NaN cas).
 */
export function readDataPayload(type: number, payload: Buffer): DataPayload | { damage: string } {
  let v: unknown;
  try {
    v = JSON.parse(payload.toString('utf8'));
  } catch (e) {
    return { damage: `unreadable payload: ${(e as Error).message}` };
  }
  const a = Array.isArray(v) ? (v as unknown[]) : undefined;
  const validKey = (k: unknown): k is string => typeof k === 'string' && k.length > 0;
  if (type === RecordType.FILE) {
    const o = v as { format?: unknown; version?: unknown } | null;
    if (o !== null && typeof o === 'object' && o.format === 'tokenql-data' && o.version === 1) return { type: 'file' };
    return { damage: 'payload is not {"format":"tokenql-data","version":1}' };
  }
  if (type === RecordType.PUT) {
    if (a?.length === 5 && validKey(a[0]) && isCount(a[1]) && isCount(a[2]) && isCount(a[3])) {
      return { type: 'put', key: a[0], cas: a[1], expiration: a[2], seqno: a[3], value: a[4] };
    }
    const x = a?.[5];
    if (a?.length === 6 && validKey(a[0]) && isCount(a[1]) && isCount(a[2]) && isCount(a[3]) && x !== null && typeof x === 'object' && !Array.isArray(x)) {
      return { type: 'put', key: a[0], cas: a[1], expiration: a[2], seqno: a[3], value: a[4], xattrs: x as Record<string, unknown> };
    }
    return { damage: 'PUT payload is not [key, cas, expiration, seqno, value[, xattrs]]' };
  }
  if (type === RecordType.DEL) {
    if (a?.length === 4 && validKey(a[0]) && isCount(a[1]) && isCount(a[2]) && isCount(a[3])) return { type: 'del', key: a[0], cas: a[1], seqno: a[2], deletedAt: a[3] };
    const x = a?.[4];
    if (a?.length === 5 && validKey(a[0]) && isCount(a[1]) && isCount(a[2]) && isCount(a[3]) && x !== null && typeof x === 'object' && !Array.isArray(x)) {
      return { type: 'del', key: a[0], cas: a[1], seqno: a[2], deletedAt: a[3], xattrs: x as Record<string, unknown> };
    }
    return { damage: 'DEL payload is not [key, cas, seqno, deletedAt[, xattrs]]' };
  }
  return { damage: `unexpected record type 0x${type.toString(16)} in a data file` };
}

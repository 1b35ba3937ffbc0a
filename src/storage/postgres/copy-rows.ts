/**
 * New document rows sent with `COPY … FROM STDIN (FORMAT binary)` (docs/postgres.md "Group
 * commit", new keys): the rows of a batch go to PostgreSQL as one buffer of length-prefixed
 * fields, which tokenql writes without escaping anything and PostgreSQL reads without parsing
 * text arrays, instead of an `INSERT … SELECT … FROM unnest(…)` of array parameters. COPY has no
 * `ON CONFLICT`: a key that has a row fails the statement (and its transaction) with
 * PostgreSQL's unique violation, 23505. Citus runs COPY into a distributed table too.
 *
 * node-postgres runs the statement as a "submittable" (an object with `submit`, the protocol
 * the pg-copy-streams package uses): `submit` sends the COPY statement, PostgreSQL answers
 * CopyInResponse, the buffer is sent as CopyData messages, then CopyDone; CommandComplete says
 * `COPY <n>`, ReadyForQuery ends it; an ErrorResponse ends it with the error.
 */
import type pg from 'pg';
import type { DocRow } from './rows.js';

/** The binary COPY header: signature, flags (0), header extension length (0). */
const HEADER = Buffer.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]);
/** Columns of a row, in the order of {@link COPY_DOCUMENTS}. */
const FIELDS = 8;
/** Bytes of a row besides its strings: field count, 8 lengths, int4, 4 × int8. */
const ROW_FIXED = 2 + FIELDS * 4 + 4 + 8 * 4;
/** Largest CopyData message sent (node-postgres copies each into its writer). */
const CHUNK = 1 << 16;

/** The statement: the documents' columns in the order {@link binaryRows} writes them. */
export const COPY_DOCUMENTS = 'COPY tokenql_documents (keyspace_id, key, value, cas, expiration, seqno, xattrs, deleted_at) FROM STDIN (FORMAT binary)';

/**
 * The rows of keyspace `ks` as a binary COPY stream: header, each row (field count, then each
 * field's byte length and bytes: int4 keyspace id, text key, text value, int8 cas, int8
 * expiration, int8 seqno, text xattrs or NULL, int8 deleted_at or NULL), trailer (-1). A row's
 * value is its JSON text (`bytes`, its UTF-8, or `value`, else `text(pending)` when the row holds
 * its document only).
 *
 * One pass: the buffer is sized for one byte per UTF-16 unit (ASCII) plus a quarter, each string
 * is encoded straight into it when even three bytes per unit fit, and the buffer grows (doubles)
 * when one might not: no separate `Buffer.byteLength` pass over the documents.
 */
export function binaryRows(ks: number, rows: readonly DocRow[], text: (v: NonNullable<DocRow['pending']> | null) => string): Buffer {
  const n = rows.length;
  const values = new Array<string | Buffer | null>(n);
  let estimate = HEADER.length + 2;
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    const v = r.bytes ?? r.value ?? (r.pending !== undefined ? text(r.pending) : null);
    values[i] = v;
    estimate += ROW_FIXED + r.key.length + (v?.length ?? 0) + (r.xattrs?.length ?? 0);
  }
  let b = Buffer.allocUnsafe(estimate + (estimate >> 2));
  let o = HEADER.copy(b, 0);
  const room = (bytes: number) => {
    if (o + bytes <= b.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(b.length * 2, o + bytes));
    b.copy(bigger, 0, 0, o);
    b = bigger;
  };
  const str = (s: string | Buffer | null) => {
    if (s === null) {
      room(4);
      o = b.writeInt32BE(-1, o);
      return;
    }
    if (typeof s !== 'string') {
      room(4 + s.length);
      o = b.writeInt32BE(s.length, o);
      o += s.copy(b, o);
      return;
    }
    if (o + 4 + s.length * 3 > b.length) room(4 + Buffer.byteLength(s, 'utf8'));
    const len = b.write(s, o + 4, 'utf8');
    b.writeInt32BE(len, o);
    o += 4 + len;
  };
  const int8 = (x: number | null) => {
    room(12);
    if (x === null) {
      o = b.writeInt32BE(-1, o);
      return;
    }
    o = b.writeInt32BE(8, o);
    if (x >= 0 && Number.isSafeInteger(Math.floor(x / 4294967296))) {
      const hi = Math.floor(x / 4294967296);
      o = b.writeUInt32BE(hi, o);
      o = b.writeUInt32BE(x - hi * 4294967296, o);
    } else o = b.writeBigInt64BE(BigInt(x), o);
  };
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    room(10);
    o = b.writeInt16BE(FIELDS, o);
    o = b.writeInt32BE(4, o);
    o = b.writeInt32BE(ks, o);
    str(r.key);
    str(values[i]!);
    int8(r.cas);
    int8(r.expiration);
    int8(r.seqno);
    str(r.xattrs);
    int8(r.deletedAt);
  }
  room(2);
  o = b.writeInt16BE(-1, o);
  return b.subarray(0, o);
}

/** The part of node-postgres's connection a submittable uses. */
interface Connection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/** One `COPY … FROM STDIN` of `data` on a node-postgres client (see the file's comment). */
class CopyIn {
  private rows = 0;
  readonly done: Promise<number>;
  private resolve!: (rows: number) => void;
  private reject!: (e: unknown) => void;
  private settled = false;

  constructor(
    private readonly text: string,
    private readonly data: Buffer,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: Connection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: Connection): void {
    for (let at = 0; at < this.data.length; at += CHUNK) connection.sendCopyFromChunk(this.data.subarray(at, at + CHUNK));
    connection.endCopyFrom();
  }

  handleCommandComplete(msg: { text?: string }): void {
    const m = /^COPY (\d+)/.exec(msg.text ?? '');
    if (m) this.rows = Number(m[1]);
  }

  handleReadyForQuery(): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve(this.rows);
  }

  handleError(e: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(e);
  }

  // Not sent in answer to COPY FROM STDIN; present because node-postgres may call them.
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/** Copies `rows` of keyspace `ks` into `tokenql_documents` on `c`; resolves to the number of rows copied. */
export async function copyDocuments(c: pg.PoolClient, ks: number, rows: readonly DocRow[], text: (v: NonNullable<DocRow['pending']> | null) => string): Promise<number> {
  const q = new CopyIn(COPY_DOCUMENTS, binaryRows(ks, rows, text));
  void c.query(q as unknown as pg.QueryConfig);
  return q.done;
}

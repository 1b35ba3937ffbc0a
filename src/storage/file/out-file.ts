import { open, unlink, type FileHandle } from 'node:fs/promises';
import { writeFully } from './append-file.js';
import { fileRecord } from './record.js';

const CHUNK = 8 * 1024 * 1024;

/**
 * `err` (a failed write of the file at `path`: ENOSPC, EIO …) with the file's path in its
 * message, its `code` kept: fd-based writes report no path of their own.
 */
function withPath(err: unknown, path: string): Error {
  const e = err instanceof Error ? err : new Error(String(err));
  const out = new Error(`${e.message} (writing ${path})`, { cause: e }) as Error & { code?: string; path?: string };
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string') out.code = code;
  out.path = path;
  return out;
}

/**
 * A buffered sequential writer of the new file, double-buffered: a full buffer is written while
 * the next one fills (at most one write in flight). A failed write raises the fs error with the
 * file's path in its message (`ENOSPC: no space left on device, write (writing <path>)`).
 */
export class OutFile {
  private buf: Buffer = Buffer.allocUnsafe(CHUNK);
  private spare: Buffer | undefined = Buffer.allocUnsafe(CHUNK);
  private used = 0;
  private flushed = 0;
  private inflight: Promise<void> | undefined;
  constructor(
    readonly fh: FileHandle,
    private readonly path: string,
  ) {}
  private writeAt(b: Buffer, position: number): Promise<void> {
    return writeFully(this.fh, b, position).catch((err: unknown) => {
      throw withPath(err, this.path);
    });
  }
  get position(): number {
    return this.flushed + this.used;
  }
  /** Buffers `b`; returns a promise only when it had to wait (callers await it then). */
  write(b: Buffer): Promise<void> | undefined {
    if (this.used + b.length <= this.buf.length) {
      b.copy(this.buf, this.used);
      this.used += b.length;
      return undefined;
    }
    return this.writeSlow(b);
  }
  private async writeSlow(b: Buffer): Promise<void> {
    await this.startFlush();
    if (b.length >= this.buf.length) {
      await this.drain();
      await this.writeAt(b, this.flushed);
      this.flushed += b.length;
      return;
    }
    b.copy(this.buf, this.used);
    this.used += b.length;
  }
  /** Starts writing the current buffer (after the previous write finished) and switches buffers. */
  private async startFlush(): Promise<void> {
    await this.drain();
    if (this.used === 0) return;
    const full = this.buf;
    const len = this.used;
    const at = this.flushed;
    this.buf = this.spare ?? Buffer.allocUnsafe(CHUNK);
    this.spare = undefined;
    this.used = 0;
    this.flushed += len;
    this.inflight = this.writeAt(full.subarray(0, len), at).then(() => {
      this.spare = full;
    });
  }
  private async drain(): Promise<void> {
    const p = this.inflight;
    this.inflight = undefined;
    if (p) await p;
  }
  /** Writes everything buffered. */
  async flush(): Promise<void> {
    await this.startFlush();
    await this.drain();
  }
}

/** Copies `[from, to)` of `src` to `out` in chunks. */
export async function copyRange(src: FileHandle, from: number, to: number, out: OutFile): Promise<void> {
  for (let pos = from; pos < to; ) {
    const n = Math.min(CHUNK, to - pos);
    const b = Buffer.allocUnsafe(n);
    const { bytesRead } = await src.read(b, 0, n, pos);
    if (bytesRead === 0) throw new Error(`unexpected end of file at ${pos}`);
    await out.write(b.subarray(0, bytesRead));
    pos += bytesRead;
  }
}

/** The new file of a compaction: created (truncated) at `path`, its FILE record of `kind` buffered in `out`. */
export async function createCompactionTarget(path: string, kind: 'data' | 'index'): Promise<{ fh: FileHandle; out: OutFile }> {
  const fh = await open(path, 'w+');
  const out = new OutFile(fh, path);
  out.write(fileRecord(kind)); // fits the empty buffer: never waits
  return { fh, out };
}

/** Closes and deletes the new file of a compaction that did not switch to it (cancelled or failed). */
export async function discardCompactionTarget(fh: FileHandle, path: string): Promise<void> {
  await fh.close().catch(() => {});
  await unlink(path).catch(() => {});
}

/** A new record file at `path` (created or truncated) holding only its FILE record of `kind`; returns the handle and that size in bytes. */
export async function createRecordFile(path: string, kind: 'data' | 'index'): Promise<{ fh: FileHandle; size: number }> {
  const fh = await open(path, 'w+');
  const head = fileRecord(kind);
  await fh.write(head, 0, head.length, 0);
  return { fh, size: head.length };
}

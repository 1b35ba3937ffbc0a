import type { FileHandle } from 'node:fs/promises';

/**
 * When a write is acknowledged. `fsync`: after its record is written and the file is synced
 * (group commit: the writes that arrive while a sync is in flight share the next one).
 * `batch`: after its record is written to the operating system (it survives a crash of the
 * process); the file is synced every `batchIntervalMs`, so a power loss can lose up to that.
 * `none` (index files, derived data): not synced until compaction or close.
 */
export type Durability = 'fsync' | 'batch' | 'none';

interface Pending {
  buf: Buffer;
  onOffset?: (offset: number) => void;
  /** Absent for a record appended by {@link AppendFile.appendDetached}. */
  resolve?: () => void;
  reject: (e: unknown) => void;
}

/** Writes every buffer at `position` (looping over short writes). */
export async function writeFully(fh: FileHandle, buf: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < buf.length) {
    const { bytesWritten } = await fh.write(buf, done, buf.length - done, position + done);
    done += bytesWritten;
  }
}

/**
 * An append-only file with group commit. Records are appended in call order; a record's
 * offset is assigned when its batch is written (`onOffset`). The file can be paused (no batch
 * is written; appends wait) and switched to another file (compaction).
 */
export class AppendFile {
  /** Bytes written to the file (all of them readable). */
  written: number;
  private pending: Pending[] = [];
  private pendingBytes = 0;
  /** Bytes of the batch being written. */
  private inflightBytes = 0;
  private flushing: Promise<void> | undefined;
  private paused = 0;
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  /** Set after a failed write: every later append is rejected with it. */
  failed: Error | undefined;

  constructor(
    public fh: FileHandle,
    public path: string,
    size: number,
    private readonly durability: Durability,
    private readonly batchIntervalMs = 100,
  ) {
    this.written = size;
  }

  /** Logical size: written bytes plus the records being written or waiting to be. */
  get size(): number {
    return this.written + this.inflightBytes + this.pendingBytes;
  }

  /** Appends a record; resolves when it is acknowledged under the file's durability. */
  append(buf: Buffer, onOffset?: (offset: number) => void): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ buf, onOffset, resolve, reject });
      this.pendingBytes += buf.length;
      this.kick();
    });
  }

  /**
   * Appends a record that nobody waits for (an index file's entry changes): no promise is made
   * or settled for it, so a burst of them (an index build writes one per entry, 200k and more)
   * costs no promise per record when its batch is written. `onFailure` is called if the write
   * fails (or has failed before).
   */
  appendDetached(buf: Buffer, onFailure: (e: unknown) => void): void {
    if (this.failed) {
      onFailure(this.failed);
      return;
    }
    this.pending.push({ buf, reject: onFailure });
    this.pendingBytes += buf.length;
    this.kick();
  }

  /** Resolves when every record appended so far is written (rejects if a write failed). */
  drain(): Promise<void> {
    return this.append(Buffer.alloc(0));
  }

  private kick(): void {
    if (!this.flushing && this.paused === 0 && this.pending.length > 0) this.flushing = this.flushLoop();
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length > 0 && this.paused === 0 && !this.failed) await this.writeBatch();
    this.flushing = undefined;
  }

  /** Writes every queued record as one batch (then syncs under `fsync`) and settles their promises. */
  private async writeBatch(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const bytes = this.pendingBytes;
    this.pendingBytes = 0;
    this.inflightBytes = bytes;
    let offset = this.written;
    for (const p of batch) {
      p.onOffset?.(offset);
      offset += p.buf.length;
    }
    try {
      const buf = batch.length === 1 ? batch[0].buf : Buffer.concat(batch.map((p) => p.buf), bytes);
      await writeFully(this.fh, buf, this.written);
      this.written += bytes;
      this.inflightBytes = 0;
      if (this.durability === 'fsync') await this.fh.datasync();
      else this.scheduleSync();
      for (const p of batch) p.resolve?.();
    } catch (e) {
      this.failed = new Error(`write to ${this.path} failed: ${(e as Error).message}`);
      this.inflightBytes = 0;
      for (const p of [...batch, ...this.pending]) p.reject(this.failed);
      this.pending = [];
      this.pendingBytes = 0;
    }
  }

  private scheduleSync(): void {
    this.dirty = true;
    if (this.durability !== 'batch' || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.dirty) void this.sync().catch(() => {});
    }, this.batchIntervalMs);
    this.timer.unref();
  }

  /** Waits for everything appended so far to be written, then syncs the file. */
  async sync(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.dirty = false;
    await this.fh.datasync();
  }

  /**
   * Stops writing batches: waits for the batch in flight, then writes the records queued by then
   * as one more batch; appends made after that queue up until {@link resume}. Compaction relies on
   * this (docs/storage.md "Compaction", step 4): every record queued when it took its snapshot is
   * in the old file when it copies the last bytes, so no key is left without a record in the new
   * file when the writer switches to it (a durability audit, B1). After a failed write (see
   * {@link failed}) nothing more is written.
   */
  async pause(): Promise<void> {
    this.paused++;
    while (this.flushing) await this.flushing;
    if (this.pending.length > 0 && !this.failed) {
      const batch = this.writeBatch();
      this.flushing = batch;
      await batch;
      this.flushing = undefined;
    }
  }

  /** Undoes one {@link pause}. */
  resume(): void {
    this.paused--;
    this.kick();
  }

  /** Switches to another file of `size` bytes (while paused); returns the old handle. */
  switchTo(fh: FileHandle, path: string, size: number): FileHandle {
    const old = this.fh;
    this.fh = fh;
    this.path = path;
    this.written = size;
    return old;
  }

  /** Writes and syncs what is pending, then closes the file. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.failed) await this.sync().catch(() => {});
    await this.fh.close();
  }
}

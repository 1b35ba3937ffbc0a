import type { FileHandle } from 'node:fs/promises';
import { decodeAt, HEADER_BYTES, type DecodedRecord } from './record.js';

const CHUNK = 8 * 1024 * 1024;
/** Milliseconds of replay work between two turns of the event loop. */
const SLICE_MS = 3;
/** How far past a bad record the scanner looks for a good one (to tell damage from a torn tail). */
const RESYNC_WINDOW = 256 * 1024 * 1024;

/** A record found by {@link scanRecords}, with its offset in the file. */
export interface ScannedRecord extends DecodedRecord {
  offset: number;
}

/** Where a scan stopped: `end` is the end of the last good record. */
export interface ScanResult {
  end: number;
  /** A bad or incomplete record at `offset`; `resumeAt` is the next good record when there is one (damage, not a torn tail). */
  damage?: { offset: number; why: string; resumeAt?: number };
}

/** Reads `[from, to)` of a file in chunks, calling `each` for every good record in order. */
export async function scanRecords(fh: FileHandle, from: number, to: number, each: (r: ScannedRecord) => void): Promise<ScanResult> {
  let buf = Buffer.allocUnsafe(CHUNK);
  let bufStart = from; // file offset of buf[0]
  let bufLen = 0;
  let pos = from;
  // Opening a large store replays every record: the event loop runs every SLICE_MS of that work,
  // so the listeners of a server that (re)opens a store are not held for seconds.
  let since = performance.now();
  let n = 0;
  for (;;) {
    const rel = pos - bufStart;
    const r = decodeAt(buf, rel, bufLen);
    if ('type' in r) {
      each({ ...r, offset: pos });
      pos += r.size;
      if ((++n & 255) === 0 && performance.now() - since > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        since = performance.now();
      }
      continue;
    }
    if (r.status === 'bad') return { end: pos, damage: await classify(fh, pos, to, r.why) };
    // Short: read more (keeping the partial record), or stop at the end of the range.
    const fileLeft = to - (bufStart + bufLen);
    if (fileLeft <= 0) {
      if (pos >= to) return { end: pos };
      return { end: pos, damage: await classify(fh, pos, to, `incomplete record (${to - pos} of ${r.need} bytes)`) };
    }
    const keep = bufLen - rel;
    const size = Math.max(CHUNK, r.need);
    const next = size > buf.length ? Buffer.allocUnsafe(size) : buf;
    buf.copy(next, 0, rel, bufLen);
    buf = next;
    bufStart = pos;
    const want = Math.min(buf.length - keep, fileLeft);
    const { bytesRead } = await fh.read(buf, keep, want, bufStart + keep);
    bufLen = keep + bytesRead;
    if (bytesRead === 0) return { end: pos, damage: { offset: pos, why: 'file shorter than expected' } };
  }
}

/** A bad record at `offset`: damage when a good record follows within the window, else a torn tail. */
export async function classify(fh: FileHandle, offset: number, to: number, why: string): Promise<ScanResult['damage']> {
  const n = Math.min(to - offset - 1, RESYNC_WINDOW);
  if (n < HEADER_BYTES) return { offset, why };
  const buf = Buffer.allocUnsafe(n);
  const { bytesRead } = await fh.read(buf, 0, n, offset + 1);
  for (let i = 0; i + HEADER_BYTES <= bytesRead; i++) {
    const r = decodeAt(buf, i, bytesRead);
    if ('type' in r && r.size > HEADER_BYTES) return { offset, why, resumeAt: offset + 1 + i };
  }
  return { offset, why };
}

import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { CompactionOptions, CompactionResult } from '../compaction.js';
import { copyRange, createCompactionTarget, discardCompactionTarget } from './out-file.js';
import type { FileKeyspace } from './file-keyspace.js';
import { delRecord, fileRecord } from './record.js';
import { generationOf } from './types.js';

/** Snapshot records are read in groups of at most this many bytes (compaction yields between groups). */
const GROUP = 2 * 1024 * 1024;
/** Below this many bytes of tail, compaction pauses writes and finishes. */
const FINAL_TAIL = 1024 * 1024;

/** Whether a compaction of `ks` must stop: cancelled by `signal`, or the keyspace is closing. */
export function abortedBy(ks: FileKeyspace, signal: AbortSignal | undefined): boolean {
  return (signal?.aborted ?? false) || ks.closing;
}

/**
 * Compacts a bucket's data file (docs/storage.md): copies the current records (live versions
 * and tombstones younger than the purge interval; expired versions become DEL records) into
 * `data.<n+1>.tql` while writes go on, then copies the records appended meanwhile, pauses the
 * writer for the last piece, syncs, switches `CURRENT` by rename and deletes the old file.
 * Cancelling at any moment before the rename leaves the old file in use.
 */
export async function compactData(ks: FileKeyspace, options: CompactionOptions): Promise<CompactionResult> {
  const { signal, onProgress } = options;
  const bytesBefore = ks.data.size;
  const cancelled = (): CompactionResult => ({ cancelled: true, bytesBefore, bytesAfter: bytesBefore, purgedTombstones: 0 });
  if (abortedBy(ks, signal)) return cancelled();
  ks.sweep();
  const old = ks.data;
  const oldFh = old.fh;
  const start = old.written;
  const snapshot = [...ks.recs.values()].filter((r) => r.offset >= 0 && r.offset < start).sort((a, b) => a.offset - b.offset);
  const nowSec = Math.floor(ks.clock() / 1000);
  const purgeBefore = nowSec - Math.round((options.purgeIntervalDays ?? 3) * 86400);
  const name = `data.${generationOf(ks.manifest.data) + 1}.tql`;
  const path = join(ks.dir, name);
  const { fh, out } = await createCompactionTarget(path, 'data');
  let switched = false;
  let paused = false;
  try {
    // New place of snapshot[i]: offset (-1: purged) and size; DEL when an expired version became a tombstone.
    const newOffset = new Float64Array(snapshot.length);
    const newSize = new Float64Array(snapshot.length);
    const becameDel = new Uint8Array(snapshot.length);
    let purged = 0;
    // 1. The snapshot, read sequentially in chunks (dead ranges larger than a chunk are skipped);
    //    runs of adjacent records are copied with one call.
    const groups: [number, number, number, number][] = []; // [first index, last index, offset, length]
    for (let g = 0; g < snapshot.length; ) {
      const first = snapshot[g].offset;
      let last = g;
      while (last + 1 < snapshot.length && snapshot[last + 1].offset + snapshot[last + 1].size - first <= GROUP) last++;
      groups.push([g, last, first, snapshot[last].offset + snapshot[last].size - first]);
      g = last + 1;
    }
    const readGroup = async (k: number): Promise<Buffer> => {
      const [, , from, len] = groups[k];
      const b = Buffer.allocUnsafe(len);
      const { bytesRead } = await oldFh.read(b, 0, len, from);
      if (bytesRead < len) throw new Error(`${old.path}: unexpected end of file at ${from + bytesRead}`);
      return b;
    };
    let next = groups.length ? readGroup(0) : undefined;
    next?.catch(() => {});
    for (let k = 0; k < groups.length; k++) {
      await new Promise((r) => setImmediate(r)); // let queries and writes in between chunks
      if (abortedBy(ks, signal)) return cancelled();
      const chunk = await next!;
      next = k + 1 < groups.length ? readGroup(k + 1) : undefined; // read ahead while this chunk is copied
      next?.catch(() => {});
      const [from, last, first] = groups[k];
      let runFrom = -1;
      let runTo = -1;
      for (let i = from; i <= last; i++) {
        const r = snapshot[i];
        const at = r.offset - first;
        if (r.deletedAt >= 0 && r.deletedAt < purgeBefore) {
          newOffset[i] = -1;
          purged++;
          continue;
        }
        if (r.kind === 'put' && r.deletedAt >= 0) {
          if (runFrom >= 0) await out.write(chunk.subarray(runFrom, runTo));
          runFrom = -1;
          const b = delRecord(r.key, r.cas, r.seqno, r.deletedAt);
          newOffset[i] = out.position;
          newSize[i] = b.length;
          becameDel[i] = 1;
          await out.write(b);
          continue;
        }
        if (runFrom >= 0 && at !== runTo) {
          await out.write(chunk.subarray(runFrom, runTo));
          runFrom = -1;
        }
        if (runFrom < 0) runFrom = runTo = at;
        newOffset[i] = out.position + (runTo - runFrom);
        newSize[i] = r.size;
        runTo = at + r.size;
      }
      if (runFrom >= 0) await out.write(chunk.subarray(runFrom, runTo));
      onProgress?.(Math.min(99, Math.floor((first / Math.max(1, start)) * 95)));
    }
    // 2. The records appended meanwhile, copied as they are, until little is left.
    const tailBase = out.position;
    let copied = start;
    while (old.written - copied > FINAL_TAIL) {
      if (abortedBy(ks, signal)) return cancelled();
      const to = old.written;
      await copyRange(oldFh, copied, to, out);
      copied = to;
    }
    // 3. The last piece with writes paused, sync, switch. The pause first writes the records still
    //    queued: the snapshot left them out (offset -1), and their keys' older versions too.
    paused = true;
    await old.pause();
    if (old.failed) throw old.failed;
    await copyRange(oldFh, copied, old.written, out);
    const end = old.written;
    await out.flush();
    await fh.datasync();
    if (abortedBy(ks, signal)) return cancelled();
    const oldName = ks.manifest.data;
    await ks.changeManifest((m) => {
      m.data = name;
      return () => (m.data = oldName);
    });
    switched = true;
    // Records of the tail moved by a fixed amount; then the snapshot's (their old offsets are all below the tail's).
    for (const r of ks.recs.values()) if (r.offset >= start && r.offset < end) r.offset = tailBase + (r.offset - start);
    for (let j = 0; j < snapshot.length; j++) {
      const r = snapshot[j];
      if (r.superseded) continue; // replaced meanwhile
      if (newOffset[j] < 0) {
        ks.recs.delete(r.key);
        ks.tombstones--;
        continue;
      }
      r.offset = newOffset[j];
      r.size = newSize[j];
      if (becameDel[j]) r.kind = 'del';
    }
    let live = 0;
    for (const r of ks.recs.values()) live += r.size;
    ks.liveBytes = live + fileRecord('data').length;
    ks.data.switchTo(fh, path, out.position);
    ks.data.resume();
    paused = false;
    await oldFh.close();
    await unlink(join(ks.dir, oldName)).catch(() => {});
    onProgress?.(100);
    return { cancelled: false, bytesBefore, bytesAfter: out.position, purgedTombstones: purged };
  } finally {
    if (paused) old.resume();
    if (!switched) await discardCompactionTarget(fh, path);
  }
}

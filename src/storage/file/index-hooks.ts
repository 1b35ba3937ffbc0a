import { open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { nextTurn, SLICE_MS } from '../../event-loop-turns.js';
import type { CompactionOptions, CompactionResult } from '../compaction.js';
import { AppendFile } from './append-file.js';
import { abortedBy } from './compact.js';
import { copyRange, createCompactionTarget, createRecordFile, discardCompactionTarget } from './out-file.js';
import type { FileKeyspace } from './file-keyspace.js';
import { entryRecord, IndexLog, type EntriesOf, type IndexCompaction } from './index-log.js';
import { RecordType } from './record.js';
import { scanRecords } from './scan.js';
import { generationOf } from './types.js';

/** A secondary index of a bucket as the database declares it; `entries` is undefined while it is not built. */
export interface IndexHook {
  name: string;
  designDoc: string;
  entries?: EntriesOf;
}

function indexFileName(name: string, gen: number): string {
  return `index-${encodeURIComponent(name)}.${gen}.tql`;
}

/** Opens (replaying, then reconciling with the documents) or creates the index file of a built index. */
async function attach(ks: FileKeyspace, hook: IndexHook & { entries: EntriesOf }): Promise<IndexLog> {
  let file = ks.manifest.indexes[hook.name];
  let log: IndexLog | undefined;
  if (file) {
    const path = join(ks.dir, file);
    const fh = await open(path, 'r+').catch(() => undefined);
    if (fh) {
      const { size } = await fh.stat();
      log = new IndexLog(hook.name, hook.designDoc, new AppendFile(fh, path, size, 'none'), hook.entries, ks.logger);
      const l = log;
      const r = await scanRecords(fh, 0, size, (rec) => l.replay(rec)).catch((e: Error) => ({ end: 0, damage: { offset: 0, why: e.message, resumeAt: 0 } }));
      if (r.damage && (r.damage.resumeAt !== undefined || r.end === 0)) { // damage, or no good file record: never cut to 0 bytes
        ks.logger.error(`${path}: damaged at offset ${r.damage.offset} (${r.damage.why}); the index file is rebuilt from the documents`);
        await fh.close();
        log = undefined;
      } else if (r.damage) {
        ks.logger.warn(`${path}: torn tail at offset ${r.damage.offset} (${size - r.end} bytes, ${r.damage.why}) cut back to the last good record`);
        await fh.truncate(r.end);
        log.file.written = r.end;
      }
    }
  }
  if (!log) {
    file = indexFileName(hook.name, generationOf(file ?? '') + 1);
    const path = join(ks.dir, file);
    const { fh, size } = await createRecordFile(path, 'index');
    log = new IndexLog(hook.name, hook.designDoc, new AppendFile(fh, path, size, 'none'), hook.entries, ks.logger);
    log.liveBytes = size;
    const previous = ks.manifest.indexes[hook.name];
    await setIndexFile(ks, hook.name, file);
    if (previous && previous !== file) await unlink(join(ks.dir, previous)).catch(() => {});
  }
  return log;
}


/**
 * Makes an attached index file agree with the documents (they are the truth), yielding to the
 * event loop every {@link SLICE_MS} ms so that no listener waits behind a large keyspace (it
 * held the process ~9 s per 200k documents when done in one piece). The log is already
 * registered in `ks.indexLogs`, so a write that lands between two slices updates it as any write
 * does; `update` compares the file's entries with the document as it is NOW, so the slices and
 * those writes can interleave in any order and the file still ends up exact.
 */
async function reconcile(ks: FileKeyspace, log: IndexLog): Promise<void> {
  let last = performance.now();
  const pause = async (): Promise<void> => {
    if (performance.now() - last < SLICE_MS) return;
    await nextTurn();
    last = performance.now();
  };
  ks.count(); // expires what is due, as documents() does
  for (const key of [...ks.docs.keys()]) {
    if (ks.indexLogs.get(log.name) !== log) return; // dropped meanwhile
    log.update(key, ks.docs.get(key));
    await pause();
  }
  for (const id of [...log.entries.keys()]) {
    if (ks.indexLogs.get(log.name) !== log) return;
    if (!ks.docs.has(id)) log.update(id, undefined);
    await pause();
  }
}

/** Records (or, with `file` undefined, removes) the file of index `name` in the manifest. */
function setIndexFile(ks: FileKeyspace, name: string, file: string | undefined): Promise<void> {
  return ks.changeManifest((m) => {
    const previous = m.indexes[name];
    const set = (f: string | undefined): void => {
      if (f === undefined) delete m.indexes[name];
      else m.indexes[name] = f;
    };
    set(file);
    return () => set(previous);
  });
}

/** Attaches the index files of built indexes and deletes those of dropped ones. */
export async function syncIndexLogs(ks: FileKeyspace, hooks: IndexHook[]): Promise<void> {
  ks.designDocs.clear();
  for (const h of hooks) ks.designDocs.set(h.name, h.designDoc);
  const built = new Map(hooks.filter((h): h is IndexHook & { entries: EntriesOf } => h.entries !== undefined).map((h) => [h.name, h]));
  for (const [name, log] of [...ks.indexLogs]) {
    if (built.has(name)) continue;
    ks.indexLogs.delete(name);
    await log.compaction?.catch(() => {}); // it stops (cancelled) at its next check: the index is gone
    await log.close();
  }
  for (const name of Object.keys(ks.manifest.indexes)) {
    if (built.has(name) || ks.indexLogs.has(name)) continue;
    const file = ks.manifest.indexes[name];
    await setIndexFile(ks, name, undefined);
    await unlink(join(ks.dir, file)).catch(() => {});
  }
  for (const [name, hook] of built) {
    const existing = ks.indexLogs.get(name);
    if (existing) existing.designDoc = hook.designDoc;
    else {
      const log = await attach(ks, hook);
      ks.indexLogs.set(name, log);
      await reconcile(ks, log);
    }
  }
}

/**
 * Compacts index files, one after the other. An index file whose compaction is already running
 * (another `compactViews` of its design document, a bucket compaction, the daemon, a CAPI
 * request) is not compacted a second time: this call waits for that run and reports its sizes.
 * Two runs on one file wrote the same new file at once, and the second copied its tail from the
 * file the first had switched to (a durability audit, B4).
 */
export async function compactIndexes(ks: FileKeyspace, logs: IndexLog[], options: CompactionOptions): Promise<CompactionResult> {
  const result: CompactionResult = { cancelled: false, bytesBefore: 0, bytesAfter: 0, purgedTombstones: 0 };
  for (const log of logs) {
    let run = log.compaction;
    if (!run) {
      const started = compactIndexFile(ks, log, options).finally(() => {
        if (log.compaction === started) log.compaction = undefined;
      });
      log.compaction = run = started;
    }
    const r = await run;
    result.cancelled ||= r.cancelled;
    result.bytesBefore += r.bytesBefore;
    result.bytesAfter += r.bytesAfter;
  }
  options.onProgress?.(100);
  return result;
}

/** Compacts one index file: the live entries into a new file, then the changes appended meanwhile; switch by manifest rename. */
async function compactIndexFile(ks: FileKeyspace, log: IndexLog, options: CompactionOptions): Promise<IndexCompaction> {
  const bytesBefore = log.file.size;
  const aborted = abortedBy(ks, options.signal);
  if (aborted || ks.indexLogs.get(log.name) !== log) return { cancelled: aborted, bytesBefore, bytesAfter: log.file.size };
  const old = log.file;
  // The snapshot below already holds the effect of every record appended so far, including those
  // still queued or being written; they land before offset `size`, so the tail starts there.
  const start = old.size;
  const snapshot: [string, string][] = [];
  for (const [id, m] of log.entries) for (const k of m.keys()) snapshot.push([id, k]);
  const oldName = ks.manifest.indexes[log.name];
  const name = indexFileName(log.name, generationOf(oldName) + 1);
  const path = join(ks.dir, name);
  const { fh, out } = await createCompactionTarget(path, 'index');
  let switched = false;
  let paused = false;
  try {
    for (let i = 0; i < snapshot.length; i++) {
      if (i % 1000 === 0) {
        await new Promise((r) => setImmediate(r)); // let queries and writes in between
        if (abortedBy(ks, options.signal)) break;
      }
      const w = out.write(entryRecord(RecordType.ADD, snapshot[i][0], snapshot[i][1]));
      if (w) await w;
    }
    await old.drain(); // the records before `start` are on disk, so none of them reaches the new file
    paused = true;
    await old.pause();
    if (abortedBy(ks, options.signal) || ks.indexLogs.get(log.name) !== log) return { cancelled: true, bytesBefore, bytesAfter: old.size };
    await copyRange(old.fh, start, old.written, out);
    await out.flush();
    await fh.datasync();
    await setIndexFile(ks, log.name, name);
    switched = true;
    const oldFh = old.switchTo(fh, path, out.position);
    await oldFh.close();
    await unlink(join(ks.dir, oldName)).catch(() => {});
    return { cancelled: false, bytesBefore, bytesAfter: log.file.size };
  } finally {
    if (paused) old.resume();
    if (!switched) await discardCompactionTarget(fh, path);
  }
}

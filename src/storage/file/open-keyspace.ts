import { open, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { deepFreeze, type Value } from '../../values/index.js';
import { AppendFile } from './append-file.js';
import { isExpired } from '../store.js';
import { FileKeyspace } from './file-keyspace.js';
import { readJson } from './fsutil.js';
import { RecordType } from './record.js';
import { scanRecords, type ScannedRecord } from './scan.js';
import type { FileStoreOptions, Manifest, Rec, StoreLogger } from './types.js';

/** The data file of a bucket is damaged in the middle (not a torn tail); nothing was dropped. */
export class StoreDamageError extends Error {
  constructor(
    readonly file: string,
    readonly offset: number,
    why: string,
    readonly resumeAt?: number,
  ) {
    super(
      `${file} is damaged at offset ${offset} (${why})` +
        (resumeAt !== undefined ? `; the next good record is at offset ${resumeAt}` : '') +
        '. The bucket was not opened: restore the file, or open with { repair: true } to skip the damaged bytes (their records are lost).',
    );
    this.name = 'StoreDamageError';
  }
}

/** Applies one data record to the keyspace being recovered. */
function replay(ks: FileKeyspace, r: ScannedRecord, path: string, now: number): void {
  if (r.type === RecordType.FILE) {
    ks.liveBytes += r.size;
    return;
  }
  let parsed: unknown[];
  try {
    parsed = JSON.parse(r.payload.toString('utf8')) as unknown[];
  } catch (e) {
    throw new StoreDamageError(path, r.offset, `unreadable payload: ${(e as Error).message}`);
  }
  if (r.type === RecordType.PUT) {
    const [key, cas, expiration, seqno, value] = parsed as [string, number, number, number, Value];
    const live = !isExpired(expiration, now);
    const rec: Rec = { key, kind: 'put', offset: r.offset, size: r.size, deletedAt: live ? -1 : expiration, cas, seqno };
    ks.apply(rec, live ? { key, value: deepFreeze(value), meta: { id: key, cas, expiration, seqno } } : undefined);
    ks.seqno = Math.max(ks.seqno, seqno);
    ks.casCounter = Math.max(ks.casCounter, cas);
  } else if (r.type === RecordType.DEL) {
    const [key, cas, seqno, deletedAt] = parsed as [string, number, number, number];
    ks.apply({ key, kind: 'del', offset: r.offset, size: r.size, deletedAt, cas, seqno }, undefined);
    ks.seqno = Math.max(ks.seqno, seqno);
    ks.casCounter = Math.max(ks.casCounter, cas);
  } else throw new StoreDamageError(path, r.offset, `unexpected record type 0x${r.type.toString(16)} in a data file`);
}

/**
 * Opens a bucket directory: reads `CURRENT`, deletes files it does not name (left by a
 * compaction or index build that did not finish), replays the data file. A torn tail is cut
 * back to the last good record with a warning; damage followed by good records fails the open
 * (StoreDamageError with file and offset) unless `repair` is set.
 */
export async function openKeyspace(name: string, dir: string, options: FileStoreOptions, logger: StoreLogger): Promise<FileKeyspace> {
  const manifest = await readJson<Manifest>(join(dir, 'CURRENT'));
  if (!manifest || typeof manifest.data !== 'string') throw new Error(`${join(dir, 'CURRENT')} is missing or unreadable`);
  manifest.indexes ??= {};
  const inUse = new Set([manifest.data, ...Object.values(manifest.indexes)]);
  for (const f of await readdir(dir)) {
    if ((f.endsWith('.tql') && !inUse.has(f)) || f.endsWith('.tmp')) await unlink(join(dir, f)).catch(() => {});
  }
  const path = join(dir, manifest.data);
  const fh = await open(path, 'r+');
  try {
    const { size } = await fh.stat();
    const clock = options.clock ?? Date.now;
    const ks = new FileKeyspace(name, dir, new AppendFile(fh, path, size, options.durability ?? 'fsync', options.batchIntervalMs), manifest, clock, logger);
    const now = clock();
    let from = 0;
    let end = 0;
    for (;;) {
      const r = await scanRecords(fh, from, size, (rec) => {
        if ((rec.offset === 0) !== (rec.type === RecordType.FILE)) throw new StoreDamageError(path, rec.offset, 'misplaced file record');
        replay(ks, rec, path, now);
      });
      end = r.end;
      if (!r.damage) break;
      if (r.damage.resumeAt === undefined) {
        logger.warn(`${path}: torn tail at offset ${r.damage.offset} (${size - r.end} bytes, ${r.damage.why}) cut back to the last good record`);
        await fh.truncate(r.end);
        await fh.datasync();
        break;
      }
      if (!options.repair) throw new StoreDamageError(path, r.damage.offset, r.damage.why, r.damage.resumeAt);
      logger.error(`${path}: damaged bytes ${r.damage.offset}–${r.damage.resumeAt} (${r.damage.why}) skipped; the records in them are lost`);
      from = r.damage.resumeAt;
    }
    if (end === 0) throw new StoreDamageError(path, 0, 'no file record');
    ks.data.written = end;
    return ks;
  } catch (e) {
    await fh.close().catch(() => {});
    throw e;
  }
}

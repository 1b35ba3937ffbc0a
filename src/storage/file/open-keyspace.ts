import { open, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { deepFreeze, type Value } from '../../values/index.js';
import { AppendFile } from './append-file.js';
import { isExpired, type DocumentMeta } from '../store.js';
import { FileKeyspace } from './file-keyspace.js';
import { headDamage, rewriteWithoutHead } from './file-head.js';
import { readJson } from './fsutil.js';
import { readDataPayload, RecordType } from './record.js';
import { scanRecords, type ScannedRecord } from './scan.js';
import type { FileStoreOptions, Manifest, Rec, StoreLogger } from './types.js';

/** The data file of a bucket is damaged in the middle (not a torn tail); nothing was dropped. */
export class StoreDamageError extends Error {
  constructor(
    readonly file: string,
    readonly offset: number,
    readonly why: string,
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

/**
 * Applies one data record to the keyspace being recovered; a record whose payload has not the
 * shape of its type, or that is misplaced, is damage (StoreDamageError) and changes nothing.
 */
function replay(ks: FileKeyspace, r: ScannedRecord, path: string, now: number): void {
  if ((r.offset === 0) !== (r.type === RecordType.FILE)) throw new StoreDamageError(path, r.offset, 'misplaced file record');
  const p = readDataPayload(r.type, r.payload);
  if ('damage' in p) throw new StoreDamageError(path, r.offset, p.damage);
  if (p.type === 'file') {
    ks.liveBytes += r.size;
    return;
  }
  if (p.type === 'put') {
    const { key, cas, expiration, seqno } = p;
    const live = !isExpired(expiration, now);
    const rec: Rec = { key, kind: 'put', offset: r.offset, size: r.size, deletedAt: live ? -1 : expiration, cas, seqno };
    const meta: DocumentMeta = { id: key, cas, expiration, seqno };
    if (p.xattrs) meta.xattrs = deepFreeze(p.xattrs as Value) as Record<string, Value>;
    ks.apply(rec, live ? { key, value: deepFreeze(p.value as Value), meta } : undefined);
    ks.tombstoneXattrs.delete(key);
  } else {
    ks.apply({ key: p.key, kind: 'del', offset: r.offset, size: r.size, deletedAt: p.deletedAt, cas: p.cas, seqno: p.seqno }, undefined);
    if (p.xattrs) ks.tombstoneXattrs.set(p.key, deepFreeze(p.xattrs as Value) as Record<string, Value>);
  }
  ks.seqno = Math.max(ks.seqno, p.seqno);
  ks.casCounter = Math.max(ks.casCounter, p.cas);
}

/**
 * Opens a bucket directory: reads `CURRENT`, deletes files it does not name (left by a
 * compaction or index build that did not finish), replays the data file. A torn tail is cut
 * back to the last good record with a warning; damage followed by good records, and any damage
 * of the first (file) record, fails the open (StoreDamageError with file and offset, nothing
 * changed on disk) unless `repair` is set (docs/storage.md "Recovery").
 */
export async function openKeyspace(name: string, dir: string, options: FileStoreOptions, logger: StoreLogger): Promise<FileKeyspace> {
  const manifest = await readJson<Manifest>(join(dir, 'CURRENT'));
  if (!manifest || typeof manifest.data !== 'string') throw new Error(`${join(dir, 'CURRENT')} is missing or unreadable`);
  manifest.indexes ??= {};
  const inUse = new Set([manifest.data, ...Object.values(manifest.indexes)]);
  for (const f of await readdir(dir)) {
    if ((f.endsWith('.tql') && !inUse.has(f)) || f.endsWith('.tmp')) await unlink(join(dir, f)).catch(() => {});
  }
  let path = join(dir, manifest.data);
  let fh = await open(path, 'r+');
  try {
    let { size } = await fh.stat();
    const head = await headDamage(fh, size);
    if (head) {
      if (!options.repair) throw new StoreDamageError(path, 0, `file record: ${head.why}`, head.resumeAt);
      ({ fh, path, size } = await rewriteWithoutHead(dir, manifest, { fh, path, size }, head, logger));
    }
    const clock = options.clock ?? Date.now;
    const ks = new FileKeyspace(name, dir, new AppendFile(fh, path, size, options.durability ?? 'fsync', options.batchIntervalMs), manifest, clock, logger);
    const now = clock();
    let from = 0;
    let end = 0;
    for (;;) {
      const r = await scanRecords(fh, from, size, (rec) => {
        try {
          replay(ks, rec, path, now);
        } catch (e) {
          if (!(e instanceof StoreDamageError) || !options.repair) throw e;
          logger.error(`${path}: damaged bytes ${rec.offset}–${rec.offset + rec.size} (${e.why}) skipped; the records in them are lost`);
        }
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
    ks.data.written = end;
    return ks;
  } catch (e) {
    await fh.close().catch(() => {});
    throw e;
  }
}

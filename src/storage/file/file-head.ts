import type { FileHandle } from 'node:fs/promises';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './fsutil.js';
import { copyRange, createCompactionTarget, discardCompactionTarget } from './out-file.js';
import { decodeAt, readDataPayload, RecordType } from './record.js';
import { classify } from './scan.js';
import { generationOf, type Manifest, type StoreLogger } from './types.js';

/** Damage in a data file's first record: what is wrong with it, and where the next good record is (if any). */
export interface HeadDamage {
  why: string;
  resumeAt?: number;
}

/**
 * Checks that a data file starts with its file record (`{"format":"tokenql-data","version":1}`);
 * returns the damage otherwise. A bad first record is never a torn tail: a data file is complete
 * and synced before `CURRENT` names it, so cutting it back (to 0 bytes) would only destroy what
 * is left (a durability audit, B6).
 */
export async function headDamage(fh: FileHandle, size: number): Promise<HeadDamage | undefined> {
  const buf = Buffer.alloc(Math.min(size, 4096));
  const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
  const d = decodeAt(buf, 0, bytesRead);
  if (!('type' in d)) {
    const why = 'status' in d && d.status === 'bad' ? d.why : `cut short or its length damaged (${size} bytes in the file)`;
    return (await classify(fh, 0, size, why)) as HeadDamage;
  }
  if (d.type !== RecordType.FILE) return { why: 'missing (the file starts with another record)', resumeAt: 0 };
  const p = readDataPayload(d.type, d.payload);
  if ('damage' in p) return { why: p.damage, resumeAt: d.size < size ? d.size : undefined };
  return undefined;
}

/**
 * `repair` of a data file whose first record is damaged: its good part (from `damage.resumeAt`
 * on; nothing if there is none) is copied after a new file record into `data.<n+1>.tql`, which
 * is synced and made current by replacing `CURRENT` (a crash before that leaves the old file in
 * use). Reports the skipped bytes through `logger.error`; returns the new file, open, in place
 * of the old one (closed and deleted).
 */
export async function rewriteWithoutHead(
  dir: string,
  manifest: Manifest,
  old: { fh: FileHandle; path: string; size: number },
  damage: HeadDamage,
  logger: StoreLogger,
): Promise<{ fh: FileHandle; path: string; size: number }> {
  const from = damage.resumeAt ?? old.size;
  const name = `data.${generationOf(manifest.data) + 1}.tql`;
  const path = join(dir, name);
  const { fh, out } = await createCompactionTarget(path, 'data');
  try {
    await copyRange(old.fh, from, old.size, out);
    await out.flush();
    await fh.datasync();
    await writeFileAtomic(dir, 'CURRENT', JSON.stringify({ ...manifest, data: name }));
  } catch (e) {
    await discardCompactionTarget(fh, path);
    throw e;
  }
  manifest.data = name;
  logger.error(`${old.path}: damaged bytes 0–${from} (file record: ${damage.why}) skipped; the records in them are lost; the rest of the file was copied to ${name}`);
  await old.fh.close().catch(() => {});
  await unlink(old.path).catch(() => {});
  return { fh, path, size: out.position };
}

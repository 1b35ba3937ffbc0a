import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { SequencePersistence, SequenceRecord } from '../sequence-registry.js';

/** The file, in the data directory, that holds every sequence's record. */
export const SEQUENCES_FILE = 'sequences.json';

/** Syncs a directory (its renames survive a crash); some platforms cannot, the rename is still atomic. */
function syncDirSync(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } catch {
    // not supported here
  } finally {
    closeSync(fd);
  }
}

/**
 * Sequence records in `<data dir>/sequences.json`, replaced atomically and synchronously on each
 * save (written to `sequences.json.tmp`, fsynced, renamed over, directory fsynced): NEXT VALUE is
 * evaluated synchronously, and the block it reserves must be on disk before its first value is
 * handed out. A save happens once per CACHE values (and on CREATE/ALTER/DROP), so the cost of a
 * sync is shared by the block's values.
 */
export class FileSequencePersistence implements SequencePersistence {
  constructor(private readonly dir: string) {}

  load(): Record<string, SequenceRecord> {
    let text: string;
    try {
      text = readFileSync(join(this.dir, SEQUENCES_FILE), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw e;
    }
    const parsed = JSON.parse(text) as { sequences?: Record<string, SequenceRecord> };
    return parsed.sequences ?? {};
  }

  save(records: Record<string, SequenceRecord>): void {
    const tmp = join(this.dir, `${SEQUENCES_FILE}.tmp`);
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, JSON.stringify({ version: 1, sequences: records }));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, join(this.dir, SEQUENCES_FILE));
    syncDirSync(this.dir);
  }
}

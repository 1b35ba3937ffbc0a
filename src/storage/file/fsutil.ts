import { open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';

/** Syncs a directory so that renames and new files in it survive a crash. */
export async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } catch {
    // Some platforms cannot sync a directory; the rename is still atomic.
  } finally {
    await fh.close();
  }
}

/**
 * Writes `text` to `path` and syncs it, so that a rename or link of it never shows partial
 * content. `flags` as `fs.open`: `'w'` replaces the file, `'wx'` fails with EEXIST when it exists.
 */
export async function writeSynced(path: string, text: string, flags: 'w' | 'wx' = 'w'): Promise<void> {
  const fh = await open(path, flags);
  try {
    await fh.writeFile(text);
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Replaces a file atomically: writes `<file>.tmp`, syncs it, renames it over `file`, syncs the directory. */
export async function writeFileAtomic(dir: string, name: string, text: string): Promise<void> {
  const tmp = join(dir, `${name}.tmp`);
  await writeSynced(tmp, text);
  await rename(tmp, join(dir, name));
  await syncDir(dir);
}

/** Reads a JSON file, or undefined if it does not exist. */
export async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`cannot read ${path}: ${(e as Error).message}`);
  }
}

import { open, readFile, rename, rm, unlink } from 'node:fs/promises';
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

/** Replaces a file atomically: writes `<file>.tmp`, syncs it, renames it over `file`, syncs the directory. */
export async function writeFileAtomic(dir: string, name: string, text: string): Promise<void> {
  const tmp = join(dir, `${name}.tmp`);
  const fh = await open(tmp, 'w');
  try {
    await fh.writeFile(text);
    await fh.sync();
  } finally {
    await fh.close();
  }
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

/** The lock of a data directory: `LOCK` holding the owner's pid, created exclusively. */
export class DirectoryLock {
  private constructor(private readonly path: string) {}

  /** Takes the lock; a lock left by a process that no longer runs is taken over. */
  static async acquire(dir: string): Promise<DirectoryLock> {
    const path = join(dir, 'LOCK');
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const fh = await open(path, 'wx');
        await fh.writeFile(String(process.pid));
        await fh.sync();
        await fh.close();
        return new DirectoryLock(path);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
        throw new Error(`The data directory ${dir} is in use by process ${pid}${pid === process.pid ? ' (this process)' : ''}; close that database first.`);
      }
      await unlink(path).catch(() => {}); // stale: its owner is gone
    }
    throw new Error(`Cannot lock the data directory ${dir}`);
  }

  async release(): Promise<void> {
    await rm(this.path, { force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}


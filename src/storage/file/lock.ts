import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeSynced } from './fsutil.js';

/** Who holds (or claims) a lock file: the `LOCK` content, JSON. */
interface Owner {
  pid: number;
  /** Random, one per acquisition: tells two holders with the same pid apart. */
  token: string;
  /** When the process started (`<boot id>:<start time>`, Linux), to notice a pid used again; absent where unknown. */
  start?: string;
}

/** What a lock file holds: its owner, or the text when it is not a valid owner. */
type Found = { owner: Owner } | { unreadable: string };

/** How often `acquire` retries while another process is taking a stale lock over. */
const ATTEMPTS = 200;

/**
 * The tokens of the locks this process holds or is acquiring. Kept on `globalThis` so that two
 * copies of this module in one process (e.g. the sources and the build) share it.
 */
const mine: Set<string> = ((globalThis as Record<symbol, Set<string> | undefined>)[Symbol.for('tokenql.directoryLocks')] ??= new Set());

/**
 * The lock of a data directory (docs/storage.md "Lock"). `DIR/LOCK` holds its owner as JSON,
 * `{"pid", "token", "start"}`; it is written complete to `LOCK.<token>.tmp`, synced, and hard-linked to
 * `LOCK` (`link` never replaces a file), so no reader ever sees a partial lock, and a lock file
 * that is not a valid owner is treated as held. A stale lock (its process is gone) is removed
 * only by the one process that created `LOCK.<its token>.takeover` (again with `link`), and only
 * after reading that `LOCK` still is that stale lock; so two processes that found the same stale
 * lock cannot both take it over (a durability audit, B2).
 *
 * Whether the owner still runs: a lock with this process's pid is held only if its token is one
 * of this process's locks (otherwise it was left by a dead process that had the same pid, as
 * after a container restart); another pid must be alive and, where the start time of processes
 * can be read (Linux `/proc`), must have started when the owner did (otherwise the pid now
 * belongs to another program). A durability audit, B3.
 */
export class DirectoryLock {
  private constructor(
    private readonly path: string,
    private readonly owner: Owner,
  ) {}

  /**
   * Takes the lock; a lock left by a process that no longer runs is taken over.
   * @throws Error `The data directory DIR is in use by process PID; close that database first.`
   */
  static async acquire(dir: string): Promise<DirectoryLock> {
    const path = join(dir, 'LOCK');
    const owner: Owner = { pid: process.pid, token: randomBytes(12).toString('hex'), start: startOf(process.pid) };
    const tmp = join(dir, `LOCK.${owner.token}.tmp`);
    const text = JSON.stringify(owner) + '\n';
    mine.add(owner.token);
    let locked = false;
    try {
      await writeSynced(tmp, text, 'wx');
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        if (await linkExclusive(tmp, text, path)) {
          locked = true;
          await removeLeftovers(dir, owner.token);
          return new DirectoryLock(path, owner);
        }
        const found = await readLock(path);
        if (!found) continue; // released meanwhile
        if (!('owner' in found)) {
          throw new Error(`The data directory ${dir} is locked by ${path}, which names no owner (${JSON.stringify(found.unreadable.slice(0, 60))}); if no process has it open, delete that file.`);
        }
        if (running(found.owner)) throw inUse(dir, found.owner.pid);
        if (!(await removeStale(dir, path, found.owner, tmp, text))) await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error(`Cannot lock the data directory ${dir}: another process keeps taking over its stale lock`);
    } finally {
      if (!locked) mine.delete(owner.token);
      await unlink(tmp).catch(() => {});
    }
  }

  /** Removes `LOCK` if it still is this lock. */
  async release(): Promise<void> {
    const found = await readLock(this.path);
    if (found && 'owner' in found && found.owner.token === this.owner.token) await unlink(this.path).catch(() => {});
    mine.delete(this.owner.token);
  }
}

function inUse(dir: string, pid: number): Error {
  return new Error(`The data directory ${dir} is in use by process ${pid}${pid === process.pid ? ' (this process)' : ''}; close that database first.`);
}

/**
 * Links `tmp` to `to` unless `to` exists: true if linked. If `tmp` was deleted meanwhile (by
 * the cleanup of a process that got the lock), it is written again.
 */
async function linkExclusive(tmp: string, text: string, to: string): Promise<boolean> {
  for (;;) {
    try {
      await link(tmp, to);
      return true;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      if (code !== 'ENOENT') throw e;
      await writeSynced(tmp, text, 'wx');
    }
  }
}

/** The owner in a lock file; undefined if there is no such file. */
async function readLock(path: string): Promise<Found | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  const legacy = /^\s*(\d+)\s*$/.exec(text); // an older version wrote the pid alone
  if (legacy) return { owner: { pid: Number(legacy[1]), token: `pid-${legacy[1]}` } };
  try {
    const o = JSON.parse(text) as Partial<Owner>;
    if (Number.isSafeInteger(o.pid) && o.pid! > 0 && typeof o.token === 'string' && /^[\w-]+$/.test(o.token)) {
      return { owner: { pid: o.pid!, token: o.token, start: typeof o.start === 'string' ? o.start : undefined } };
    }
  } catch {
    // not JSON: reported as unreadable below
  }
  return { unreadable: text };
}

/** Whether the owner of a lock or claim may still be running (then its file is not stale). */
function running(o: Owner): boolean {
  if (o.pid === process.pid) return mine.has(o.token);
  if (!alive(o.pid)) return false;
  const now = o.start === undefined ? undefined : startOf(o.pid);
  return now === undefined || now === o.start;
}

let bootId: string | undefined;

/** When process `pid` started, as `<boot id>:<start time in clock ticks>` (Linux); undefined where unknown. */
function startOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]; // field 22, starttime
    if (!start || !/^\d+$/.test(start)) return undefined;
    bootId ??= readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${bootId}:${start}`;
  } catch {
    return undefined;
  }
}

/**
 * Removes the stale lock file `path` whose owner is `stale`, unless another process is doing
 * that already: true if this call removed it or found it gone. The removal is guarded by the
 * claim `LOCK.<stale token>.takeover`, created with `link` (one process wins); a claim whose
 * owner is gone is removed the same way, guarded by a claim of its own.
 */
async function removeStale(dir: string, path: string, stale: Owner, tmp: string, text: string): Promise<boolean> {
  const claim = join(dir, `LOCK.${stale.token}.takeover`);
  if (!(await linkExclusive(tmp, text, claim))) {
    const claimer = await readLock(claim);
    if (!claimer) return true; // released meanwhile: try again
    if ('owner' in claimer && !running(claimer.owner)) return removeStale(dir, claim, claimer.owner, tmp, text);
    return false; // another process is taking the lock over (or the claim is unreadable: left for a holder to clean)
  }
  try {
    const now = await readLock(path);
    if (now && 'owner' in now && now.owner.token === stale.token) await unlink(path).catch(() => {});
    return true;
  } finally {
    await unlink(claim).catch(() => {});
  }
}

/** Deletes the temporary and claim files that processes which died while locking left behind. */
async function removeLeftovers(dir: string, token: string): Promise<void> {
  for (const f of await readdir(dir).catch(() => [] as string[])) {
    if (/^LOCK\.[\w-]+\.(tmp|takeover)$/.test(f) && !f.startsWith(`LOCK.${token}.`)) await unlink(join(dir, f)).catch(() => {});
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

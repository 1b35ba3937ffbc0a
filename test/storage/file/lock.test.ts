import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { lineReader, tempDir } from './helpers.js';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

const IN_USE = (pid: number): RegExp => new RegExp(`The data directory .* is in use by process ${pid}`);

describe('directory lock', () => {
  it('refuses a second open of the same directory with a clear error, until the first is closed', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const db = await Database.open({ path: t.dir });
    await expect(Database.open({ path: t.dir })).rejects.toThrow(new RegExp(`The data directory .* is in use by process ${process.pid} \\(this process\\); close that database first\\.`));
    await db.close();
    const again = await Database.open({ path: t.dir });
    await again.close();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(join(t.dir, 'LOCK'), dead);
    const db = await Database.open({ path: t.dir });
    await db.close();
  });
});

/**
 * A stale lock whose pid is this process's own, or now another program's (a durability audit,
 * B3): after a container restart the new process often gets the pid of the one that crashed.
 */
describe('directory lock and pid reuse (B3)', () => {
  it("takes over a lock left by a crashed process that had this process's pid", async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    // A child opens the directory, writes, and is killed; its lock then names this process's pid, as after a restart.
    const lock = join(t.dir, 'LOCK');
    await openAndKill(t.dir);
    const left = JSON.parse(readFileSync(lock, 'utf8')) as { pid: number };
    expect(left.pid).not.toBe(process.pid);
    writeFileSync(lock, JSON.stringify({ ...left, pid: process.pid }));
    const db = await Database.open({ path: t.dir });
    expect(db.get('b', 'k')?.value).toEqual({ acknowledged: true });
    await expect(Database.open({ path: t.dir })).rejects.toThrow(IN_USE(process.pid)); // the new lock is this process's
    await db.close();
    writeFileSync(lock, String(process.pid)); // the lock of an older version: the pid alone
    const again = await Database.open({ path: t.dir });
    await again.close();
  });

  it.skipIf(!existsSync('/proc/self/stat'))('takes over a lock whose pid now belongs to another process (started at another time)', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const lock = join(t.dir, 'LOCK');
    await openAndKill(t.dir);
    const left = JSON.parse(readFileSync(lock, 'utf8')) as { pid: number; start: string };
    expect(left.start).toMatch(/:\d+$/);
    writeFileSync(lock, JSON.stringify({ ...left, pid: process.ppid })); // alive, but not the process that wrote the lock
    const db = await Database.open({ path: t.dir });
    await db.close();
  });

  it('refuses while the process that wrote the lock is running', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const child = spawn(process.execPath, ['--import', 'tsx', OPENER, t.dir], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = lineReader(child.stdout);
    expect(await lines()).toBe('READY');
    child.stdin.write('open\n');
    expect(await lines()).toBe('OPENED');
    await expect(Database.open({ path: t.dir })).rejects.toThrow(IN_USE(child.pid!));
    child.stdin.end('close\n');
    expect(await lines()).toBe('CLOSED');
    await new Promise((r) => child.on('exit', r));
    const db = await Database.open({ path: t.dir });
    await db.close();
  });
});

const OPENER = fileURLToPath(new URL('./lock-opener.ts', import.meta.url));

/** Runs a child that opens `dir`, writes `b/k` (acknowledged), and is killed with SIGKILL. */
async function openAndKill(dir: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', OPENER, dir, 'k'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = lineReader(child.stdout);
  expect(await lines()).toBe('READY');
  child.stdin.write('open\n');
  expect(await lines()).toBe('OPENED');
  const exit = new Promise((r) => child.on('exit', (_code, signal) => r(signal)));
  child.kill('SIGKILL');
  expect(await exit).toBe('SIGKILL');
}

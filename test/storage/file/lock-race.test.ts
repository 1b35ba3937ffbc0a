/**
 * The directory lock under races (docs/storage.md "Lock"; a durability audit, B2): a lock file
 * whose content cannot be read is held, not stale; two openers that found the same stale lock
 * never both get the directory. The interleavings are forced (reading `LOCK` waits at a gate
 * until the test opens it), not timed. A last test starts several processes at once.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Database } from '../../../src/index.js';
import { DirectoryLock } from '../../../src/storage/file/lock.js';
import { lineReader, tempDir } from './helpers.js';

/** Reads of a `LOCK` file wait at these gates, one per read, in order, while any are queued. */
const gates: { reached: () => void; open: Promise<void> }[] = [];

vi.mock('node:fs/promises', async (importOriginal) => {
  const fsp = await importOriginal<typeof import('node:fs/promises')>();
  const readFile = (async (...args: Parameters<typeof fsp.readFile>) => {
    const text = await fsp.readFile(...args);
    const gate = String(args[0]).endsWith('/LOCK') ? gates.shift() : undefined;
    if (gate) {
      gate.reached();
      await gate.open;
    }
    return text;
  }) as typeof fsp.readFile;
  return { ...fsp, default: { ...fsp, readFile }, readFile };
});

/** A gate for the next read of `LOCK`: `reached` resolves when a reader waits at it, `open()` lets it go on. */
function gate(): { reached: Promise<void>; open: () => void } {
  let reached!: () => void;
  let open!: () => void;
  const r = new Promise<void>((res) => (reached = res));
  gates.push({ reached, open: new Promise<void>((res) => (open = res)) });
  return { reached: r, open };
}

let cleanup: () => void = () => {};
afterEach(() => {
  gates.length = 0;
  cleanup();
});

/** The pid of a process that has exited. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '0']);
    child.on('error', reject);
    child.on('exit', () => resolve(child.pid!));
  });
}

const IN_USE = new RegExp(`The data directory .* is in use by process ${process.pid} \\(this process\\); close that database first\\.`);

describe('directory lock races (B2)', () => {
  it('treats an empty or partial lock file as held, and leaves it in place', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    for (const text of ['', '{"pid": 12']) {
      writeFileSync(join(t.dir, 'LOCK'), text);
      await expect(Database.open({ path: t.dir })).rejects.toThrow(/is locked by .*LOCK, which names no owner/);
      expect(existsSync(join(t.dir, 'LOCK'))).toBe(true);
    }
  });

  it('lets only one of two openers that found the same stale lock take it over', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    writeFileSync(join(t.dir, 'LOCK'), String(await deadPid()));
    // The first opener reads the stale lock and waits; the second takes it over meanwhile.
    const g = gate();
    const slow = DirectoryLock.acquire(t.dir).then(
      (l) => l,
      (e: Error) => e,
    );
    await g.reached;
    const fast = await DirectoryLock.acquire(t.dir);
    g.open();
    const late = await slow;
    expect(late).toBeInstanceOf(Error);
    expect((late as Error).message).toMatch(IN_USE);
    await fast.release();
    expect(readdirSync(t.dir)).toEqual([]);
  });

  it('lets only one of three openers that found the same stale lock take it over', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    writeFileSync(join(t.dir, 'LOCK'), JSON.stringify({ pid: await deadPid(), token: 'gone' }));
    const g1 = gate();
    const g2 = gate();
    const first = DirectoryLock.acquire(t.dir).then((l) => l, (e: Error) => e);
    await g1.reached;
    const second = DirectoryLock.acquire(t.dir).then((l) => l, (e: Error) => e);
    await g2.reached;
    const winner = await DirectoryLock.acquire(t.dir);
    g2.open();
    expect(await second).toBeInstanceOf(Error);
    g1.open();
    expect(await first).toBeInstanceOf(Error);
    await winner.release();
    const again = await DirectoryLock.acquire(t.dir);
    await again.release();
  });

  it('lets exactly one of several processes that open at once have the directory (fresh and stale lock)', { timeout: 120_000 }, async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const openers = startOpeners(fileURLToPath(new URL('./lock-opener.ts', import.meta.url)), t.dir, 4);
    try {
      for (const o of openers) expect(await o.next()).toBe('READY');
      for (let round = 0; round < 8; round++) {
        if (round % 2 === 1) writeFileSync(join(t.dir, 'LOCK'), JSON.stringify({ pid: await deadPid(), token: `stale${round}` }));
        for (const o of openers) o.send('open');
        const outcomes = await Promise.all(openers.map((o) => o.next()));
        expect(outcomes.filter((o) => o === 'OPENED'), `round ${round}: ${outcomes.join(', ')}`).toHaveLength(1);
        expect(outcomes.filter((o) => o.startsWith('REFUSED The data directory') && o.includes('is in use by process'))).toHaveLength(3);
        for (const o of openers) o.send('close');
        for (const o of openers) expect(await o.next()).toBe('CLOSED');
      }
    } finally {
      await Promise.all(openers.map((o) => o.end()));
    }
    const db = await Database.open({ path: t.dir });
    expect([...db.scan('b')]).toHaveLength(8); // the opener that got in wrote one document each round, and none was lost
    await db.close();
  });
});

/** Child processes running `script` on `dir`, each with a line reader, a line writer and an end. */
function startOpeners(script: string, dir: string, n: number): { next: () => Promise<string>; send: (line: string) => void; end: () => Promise<unknown> }[] {
  return Array.from({ length: n }, () => {
    const k = spawn(process.execPath, ['--import', 'tsx', script, dir], { stdio: ['pipe', 'pipe', 'inherit'] });
    const exit = new Promise((r) => k.on('exit', r));
    const next = lineReader(k.stdout);
    return {
      next,
      send: (line) => void k.stdin.write(line + '\n'),
      end: () => {
        k.stdin.end();
        return exit;
      },
    };
  });
}

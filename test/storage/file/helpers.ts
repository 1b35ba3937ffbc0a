import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoreLogger } from '../../../src/storage/file/index.js';

/** A fresh temporary directory and its removal. */
export function tempDir(prefix = 'tokenql-store-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A logger that records what it is given. */
export function recordingLogger(): StoreLogger & { warnings: string[]; errors: string[] } {
  const warnings: string[] = [];
  const errors: string[] = [];
  return { warnings, errors, warn: (m) => warnings.push(m), error: (m) => errors.push(m) };
}

/** A settable clock in milliseconds. */
export function manualClock(start = Date.UTC(2024, 0, 1)): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms) };
}

/** The bucket directory of `name` under a data directory. */
export function bucketPath(dir: string, name: string): string {
  return join(dir, `b_${encodeURIComponent(name)}`);
}

/** Reads a stream line by line: each call resolves with the next line. */
export function lineReader(stream: NodeJS.ReadableStream): () => Promise<string> {
  let buf = '';
  const waiting: ((line: string) => void)[] = [];
  const queue: string[] = [];
  stream.on('data', (c: Buffer) => {
    buf += c.toString('utf8');
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      const w = waiting.shift();
      if (w) w(line);
      else queue.push(line);
    }
  });
  return () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise((r) => waiting.push(r)));
}

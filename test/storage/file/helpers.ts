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

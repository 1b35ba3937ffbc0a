import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** The project root: the nearest directory up from this file with a package.json (also from a compiled copy under dist/). */
export const ROOT = findRoot(import.meta.dirname);

function findRoot(dir: string): string {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return d;
    if (dirname(d) === d) throw new Error(`no package.json above ${dir}`);
  }
}

/** The output of one CLI run. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const HOME = mkdtempSync(join(tmpdir(), 'tokenql-cli-home-'));

/**
 * Runs the `tokenql` CLI from source (`node --import tsx src/cli/bin.ts`, so no build is needed)
 * as a child process in the project root, with optional stdin text; stdin is a pipe, not a TTY.
 */
export function runCli(args: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, HOME, TOKENQL_HISTORY: join(HOME, 'history'), NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** Each CLI run starts a Node process that compiles the sources with tsx: about a second, more on a busy machine. */
export const CLI_TIMEOUT = 60_000;

/** The shared datasets, relative to the project root. */
export const DATASETS = '../shared/datasets';

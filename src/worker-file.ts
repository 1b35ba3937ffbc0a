/**
 * Where the module of a worker thread is, wherever tokenql runs from: tsc's output (dist/src),
 * the TypeScript sources (through tsx: tests, `npm run`), or the CLI bundle (dist/cli, where
 * scripts/build-cli.mjs builds each worker as a file of its own beside the bundle).
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The first of `candidates` (paths relative to `base`, a module's `import.meta.url`, each with
 * whether it is TypeScript) that exists, as a module a `Worker` can start: a TypeScript one
 * through {@link tsBootstrap}.
 * @throws Error naming `what` when none exists
 */
export function workerModule(base: string, candidates: readonly (readonly [string, boolean])[], what: string): string {
  for (const [name, ts] of candidates) {
    const p = fileURLToPath(new URL(name, base));
    if (existsSync(p)) return ts ? tsBootstrap(p) : p;
  }
  throw new Error(`tokenql: ${what} is missing beside ${fileURLToPath(base)}`);
}

const bootstraps = new Map<string, string>();

/**
 * For a TypeScript worker (dev and tests): a small ES module, written once per process and
 * worker into a temporary directory, that registers tsx's loader in the worker thread and
 * imports the worker. Node 20 ignores `--import tsx` in a worker's execArgv.
 */
function tsBootstrap(worker: string): string {
  const known = bootstraps.get(worker);
  if (known) return known;
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const file = join(mkdtempSync(join(tmpdir(), 'tokenql-worker-')), 'bootstrap.mjs');
  writeFileSync(file, `const { register } = await import(${JSON.stringify(api)});\nregister();\nawait import(${JSON.stringify(pathToFileURL(worker).href)});\n`);
  bootstraps.set(worker, file);
  return file;
}

#!/usr/bin/env node
/**
 * The `tokenql` executable of the package (`dist/cli/bin.js`, built by scripts/build-cli.mjs):
 * runs the CLI bundle `tokenql.cjs` beside it with a V8 code cache, as Node ≥ 22's
 * `module.enableCompileCache()` does, which Node 20 lacks. The first run compiles the bundle and,
 * when it exits, writes the code V8 compiled (the functions the run used included: that is what
 * makes later starts fast, where a cache made before running, as the `v8-compile-cache` package
 * makes, saves about half as much) to `$TOKENQL_CACHE_DIR`, else `$XDG_CACHE_HOME/tokenql` or
 * `~/.cache/tokenql`; later runs start from it. The file name carries the bundle's size and
 * modification time and Node's version, so a rebuilt bundle or another Node never reads a stale
 * cache (V8 itself rejects data from another V8 or other flags, and the cache is then written
 * anew). `TOKENQL_CACHE_DIR=off` turns the cache off. Any failure to read or write the cache
 * only costs the speed.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const bundle = join(dirname(fileURLToPath(import.meta.url)), 'tokenql.cjs');
const source = readFileSync(bundle, 'utf8');
const dir = process.env.TOKENQL_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'tokenql');
let cacheFile: string | undefined;
let cached: Buffer | undefined;
if (dir !== 'off') {
  try {
    const s = statSync(bundle);
    cacheFile = join(dir, `tokenql-${s.size}-${Math.floor(s.mtimeMs)}-node${process.version}-${process.arch}.v8cache`);
    cached = readFileSync(cacheFile);
  } catch {
    // no cache yet (or none possible): compile from source
  }
}

const wrapped = (Module as unknown as { wrap(source: string): string }).wrap(source);
const script = new Script(wrapped, { filename: bundle, cachedData: cached });
if (cacheFile && (cached === undefined || script.cachedDataRejected)) {
  const target = cacheFile;
  process.once('exit', () => {
    try {
      makeDir(dirname(target));
      const tmp = `${target}.${process.pid}.tmp`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, target);
    } catch {
      // a read-only or full cache directory: the next run compiles again
    }
  });
}

/**
 * Creates `dir` and its missing parents (Node 20's `mkdirSync(…, { recursive: true })` never
 * returns for some paths, e.g. under /proc).
 */
function makeDir(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'ENOENT' || dirname(dir) === dir) throw e;
    makeDir(dirname(dir));
    mkdirSync(dir);
  }
}

// Run the bundle as Node runs a CommonJS module: (exports, require, module, __filename, __dirname).
const bundleModule = { exports: {}, filename: bundle, id: bundle, loaded: false } as { exports: object };
const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
run.call(bundleModule.exports, bundleModule.exports, createRequire(bundle), bundleModule, bundle, dirname(bundle));

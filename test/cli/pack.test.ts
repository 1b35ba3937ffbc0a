import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ROOT } from './run-cli.js';

const npm = (args: string[], cwd: string, env: Record<string, string> = {}) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * `npm pack` makes a package that installs and runs in an empty folder: the `tokenql` command and
 * `import 'tokenql'`. Dependencies come from npm's cache first (`--prefer-offline`; the registry
 * only for what the cache lacks). re2's install step gets its binary from a local mirror of the
 * repository's own build (RE2_DOWNLOAD_MIRROR), so nothing is downloaded from outside the registry.
 */
describe('the npm package', () => {
  it('installs from its tarball into an empty folder and runs', { timeout: 600_000 }, () => {
    if (!existsSync(join(ROOT, 'dist/cli/bin.js')) || !existsSync(join(ROOT, 'dist/src/index.js'))) npm(['run', 'build'], ROOT);
    const dir = mkdtempSync(join(tmpdir(), 'tokenql-pack-'));
    const tarball = npm(['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], ROOT).trim().split('\n').pop()!;
    const mirror = join(dir, 'mirror');
    mkdirSync(mirror);
    const re2 = join(ROOT, 'node_modules/re2/build/Release/re2.node');
    if (existsSync(re2)) writeFileSync(join(mirror, `${process.platform}-${process.arch}-${process.versions.modules}.gz`), gzipSync(readFileSync(re2)));
    const app = join(dir, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module', allowScripts: { re2: true } }));
    npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--omit=dev', join(dir, tarball)], app, {
      RE2_DOWNLOAD_MIRROR: mirror,
      RE2_DOWNLOAD_SKIP_PATH: '1',
      RE2_DOWNLOAD_SKIP_VER: '1',
    });
    const cli = execFileSync(join(app, 'node_modules/.bin/tokenql'), ['query', '-e', "SELECT 1 AS one, REGEXP_CONTAINS('abc', 'b') AS re", '--format', 'jsonl'], { cwd: app, encoding: 'utf8' });
    expect(cli).toBe('{"results":[{"one":1,"re":true}]}\n');
    const lib = execFileSync(process.execPath, ['--input-type=module', '-e', "import { Database } from 'tokenql'; const db = await Database.open(); console.log(JSON.stringify((await db.query(\"SELECT TOKENS('Hi there') AS t\")).results));"], { cwd: app, encoding: 'utf8' });
    expect(lib).toBe('[{"t":["Hi","there"]}]\n');
  });
});

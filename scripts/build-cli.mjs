/**
 * Builds the CLI into dist/cli (npm run build:cli): `tokenql.cjs`, the whole CLI bundled and
 * minified into one CommonJS file (native and server packages stay external and are loaded when
 * a command needs them), and `bin.js`, the executable that runs it with a V8 code cache
 * (src/cli/code-cache-bin.ts). CommonJS because Node 20 can use a code cache only for scripts
 * (`vm.Script`), not for ES modules.
 */
import { chmodSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/cli', { recursive: true, force: true });
const common = { bundle: true, platform: 'node', target: 'node20', minify: true, legalComments: 'none', logLevel: 'warning' };
await build({
  ...common,
  entryPoints: ['src/cli/bundle-main.ts'],
  outfile: 'dist/cli/tokenql.cjs',
  format: 'cjs',
  // synckit stays a package: it starts its worker threads with files of its own (register.cjs).
  external: ['re2', 'isolated-vm', 'fastify', '@fastify/*', 'synckit'],
  // The sources are ES modules: `import.meta.url` is the bundle's own URL.
  define: { 'import.meta.url': '__tokenqlUrl' },
  banner: { js: "const __tokenqlUrl = require('node:url').pathToFileURL(__filename).href;" },
});
await build({ ...common, entryPoints: ['src/cli/code-cache-bin.ts'], outfile: 'dist/cli/bin.js', format: 'esm' });
// The PostgreSQL store's synckit reader worker (src/storage/postgres/sync-reader.ts finds it
// beside the bundle): its own file, since a worker thread starts from a module file.
await build({ ...common, entryPoints: ['src/storage/postgres/read-worker.ts'], outfile: 'dist/cli/postgres-read-worker.mjs', format: 'esm', external: ['pg', 'synckit'] });
// The gateway's own thread on the PostgreSQL store (src/cli/gateway-thread.ts finds it beside the bundle).
// An ES module (a worker thread starts from a module file) whose bundled CommonJS packages call
// `require`: the banner gives them one.
await build({
  ...common,
  entryPoints: ['src/cli/gateway-worker.ts'],
  outfile: 'dist/cli/gateway-worker.mjs',
  format: 'esm',
  external: ['re2', 'isolated-vm', 'fastify', '@fastify/*', 'synckit', 'pg'],
  banner: { js: "import { createRequire as __tokenqlRequire } from 'node:module'; const require = __tokenqlRequire(import.meta.url);" },
});
chmodSync('dist/cli/bin.js', 0o755);

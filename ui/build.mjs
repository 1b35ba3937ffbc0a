// Bundles the query workbench (ui/) into dist/ui: the pages, one script per page (esbuild,
// minified, no source maps shipped) and the style sheet under dist/ui/assets, each asset also
// precompressed (.br, .gz) for @fastify/static's `preCompressed`. `npm run build:ui`.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'dist', 'ui');
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'assets'), { recursive: true });
await build({
  entryPoints: { workbench: join(here, 'src', 'main.ts'), login: join(here, 'src', 'login.ts') },
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  outdir: join(out, 'assets'),
  legalComments: 'none',
  logLevel: 'warning',
});
copyFileSync(join(here, 'index.html'), join(out, 'index.html'));
copyFileSync(join(here, 'login.html'), join(out, 'login.html'));
copyFileSync(join(here, 'style.css'), join(out, 'assets', 'style.css'));
for (const name of readdirSync(join(out, 'assets'))) {
  const p = join(out, 'assets', name);
  const data = readFileSync(p);
  writeFileSync(`${p}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(`${p}.br`, brotliCompressSync(data));
}

/**
 * Where the workbench's built assets are: `dist/ui` of the package (made by `npm run build:ui`
 * from `ui/`), found by walking up from this module to the package.json named `tokenql` (the
 * module runs from src/ under tsx, from dist/src/ after tsc, from dist/cli/ in the bundled CLI).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's `dist/ui` directory (it may not exist: assets not built). */
export function defaultUiDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'tokenql') return join(dir, 'dist', 'ui');
      } catch {
        // not a readable package.json: keep walking up
      }
    }
    const up = dirname(dir);
    if (up === dir) return join(process.cwd(), 'dist', 'ui');
    dir = up;
  }
}

/** The 503 page served at /ui/ when the assets are missing. */
export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>tokenql workbench: not built</title></head>
<body><h1>The workbench is not built</h1>
<p>The query workbench's assets (<code>dist/ui</code>) are missing. Run <code>npm run build:ui</code>
(or <code>npm run build</code>) in the tokenql package, then reload this page.</p></body></html>
`;

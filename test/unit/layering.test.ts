/**
 * Imports run one way (DESIGN §3, README "Layout"): values/errors ← ast ← eval ← semantic ← planner ←
 * executor ← engine ← index ← adapters/cli, and the adapters and the client reach the engine
 * through `src/index.ts` only. Read from the source text: every relative import of every file
 * under `src/`, static or dynamic, type-only included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/**
 * The layer of each part of `src/` (a folder, or a file at the top): a part may import only
 * from parts of a lower layer, and from itself.
 */
const LAYER: Record<string, number> = {
  values: 0,
  errors: 0,
  replication: 0,
  ast: 1,
  tokens: 1,
  storage: 1,
  demo: 1,
  syntax: 2,
  'query-types.ts': 2,
  'request-registry.ts': 1,
  'event-loop-turns.ts': 0,
  'worker-file.ts': 0,
  'advisor-sessions.ts': 1,
  catalog: 2,
  infer: 2,
  'statistics-dictionary.ts': 1,
  'catalog-ddl.ts': 0,
  eval: 3,
  load: 3,
  semantic: 3.5,
  planner: 4,
  indexes: 5,
  executor: 5,
  transactions: 6,
  security: 6,
  'prepared-statements.ts': 5.5,
  'catalog-access.ts': 6,
  'engine.ts': 7,
  database: 8,
  'index.ts': 9,
  testing: 10,
  client: 10,
  adapters: 10,
  cli: 11,
};
/** Parts that see the engine through `src/index.ts` alone (DESIGN §3: "Adapters use only src/index.ts"). */
const PUBLIC_API_ONLY = new Set(['adapters', 'client']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The part of `src/` a path is in: its first folder, or the file itself at the top. */
const partOf = (file: string): string => relative(SRC, file).split('/')[0]!;

interface Edge {
  from: string;
  to: string;
}

/** Every relative import of a file that lands inside `src/`, as paths relative to `src/`. */
function importsOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const out: Edge[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(\.{1,2}\/[^']+)'/g)) {
    const target = resolve(dirname(file), m[1]!).replace(/\.js$/, '.ts');
    if (relative(SRC, target).startsWith('..')) continue; // grammar/, node_modules
    out.push({ from: relative(SRC, file), to: relative(SRC, target) });
  }
  return out;
}

const files = sourceFiles(SRC);
const edges = files.flatMap(importsOf);

describe('import layering of src/', () => {
  it('reads the imports it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.some((e) => e.from === 'client/local.ts' && e.to === 'index.ts')).toBe(true);
  });

  it('every part of src/ has a layer', () => {
    const parts = [...new Set(files.map(partOf))].filter((p) => !(p in LAYER));
    expect(parts).toEqual([]);
  });

  it('no part imports from a part of the same or a higher layer', () => {
    const upward = edges
      .filter((e) => partOf(join(SRC, e.from)) !== partOf(join(SRC, e.to)))
      .filter((e) => LAYER[partOf(join(SRC, e.to))]! >= LAYER[partOf(join(SRC, e.from))]!)
      .map((e) => `${e.from} → ${e.to}`);
    expect(upward).toEqual([]);
  });

  it('the adapters and the client reach the engine through src/index.ts only', () => {
    const around = edges
      .filter((e) => PUBLIC_API_ONLY.has(partOf(join(SRC, e.from))))
      .filter((e) => {
        const to = partOf(join(SRC, e.to));
        return to !== partOf(join(SRC, e.from)) && e.to !== 'index.ts';
      })
      .map((e) => `${e.from} → ${e.to}`);
    expect(around).toEqual([]);
  });
});

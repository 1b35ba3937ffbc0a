/**
 * What a database already holds, read back as harness inputs: its indexes as {@link IndexDef}s
 * (the fields and TOKENS options that predicates should target) and as CREATE INDEX statements,
 * and its documents as INSERT statements (for counterexample scripts).
 *
 *   await indexTargets(db, 'products') → [{ statement: 'CREATE INDEX ix_name ON products(…)', field: '`name`', options: [['case', '"lower"']], tokens: true }]
 */
import type { Database, Value } from '../index.js';
import type { IndexDef } from './indexes.js';
import type { Options } from './options.js';
import { insertStatement, type ScriptLine } from './script.js';

interface CatalogRow {
  name: string;
  keyspace_id: string;
  index_key?: string[];
  condition?: string;
  is_primary?: boolean;
}

/** The `TOKENS(field, options)` arguments inside an index key text, if any. */
function tokensCall(key: string): { field: string; options?: Options } | undefined {
  const at = key.toLowerCase().indexOf('tokens(');
  if (at < 0) return undefined;
  let depth = 0;
  let comma = -1;
  let i = at + 'tokens('.length;
  const start = i;
  for (; i < key.length; i++) {
    const c = key[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      if (depth === 0) break;
      depth--;
    } else if (c === ',' && depth === 0 && comma < 0) comma = i;
    else if (c === '"' || c === '`') for (i++; i < key.length && key[i] !== c; i++) if (key[i] === '\\') i++;
  }
  if (comma < 0) return { field: key.slice(start, i).trim() };
  try {
    const o = JSON.parse(key.slice(comma + 1, i)) as Record<string, Value>;
    return { field: key.slice(start, comma).trim(), options: Object.entries(o).map(([k, v]): [string, string] => [k, JSON.stringify(v)]) };
  } catch {
    return undefined; // options that are not a JSON literal: not targeted
  }
}

async function catalog(db: Database, keyspace: string): Promise<CatalogRow[]> {
  const r = await db.query('SELECT RAW i FROM system:indexes AS i WHERE i.keyspace_id = $ks ORDER BY i.name', { params: { ks: keyspace } });
  return r.results as unknown as CatalogRow[];
}

/** The CREATE INDEX statements that rebuild a keyspace's secondary indexes. */
export async function indexStatements(db: Database, keyspace: string): Promise<string[]> {
  return (await catalog(db, keyspace))
    .filter((r) => !r.is_primary && r.index_key?.length)
    .map((r) => `CREATE INDEX ${r.name} ON ${keyspace}(${r.index_key!.join(', ')})${r.condition ? ` WHERE ${r.condition}` : ''}`);
}

/** The keyspace's secondary indexes as targets for predicates (first key of each). */
export async function indexTargets(db: Database, keyspace: string): Promise<IndexDef[]> {
  const out: IndexDef[] = [];
  for (const r of await catalog(db, keyspace)) {
    const first = r.index_key?.[0];
    if (r.is_primary || first === undefined) continue;
    const statement = `CREATE INDEX ${r.name} ON ${keyspace}(${r.index_key!.join(', ')})`;
    const t = tokensCall(first);
    if (t) out.push({ statement, field: t.field, options: t.options, tokens: true });
    else if (/^[`\w.]+$/.test(first)) out.push({ statement, field: first, tokens: false });
  }
  return out;
}

/** The live documents of a keyspace as INSERT lines (at most `limit`, in key order). */
export function documentLines(db: Database, keyspace: string, limit = 1000): ScriptLine[] {
  const docs = [...db.scan(keyspace)].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const lines: ScriptLine[] = docs.slice(0, limit).map((d) => ({ statement: insertStatement(keyspace, d.key, d.value) }));
  if (docs.length > limit) lines.push({ statement: `SELECT COUNT(*) FROM ${keyspace}`, comment: `${docs.length - limit} more documents left out` });
  return lines;
}

import type { UpdateStatisticsStatement } from './ast/index.js';
import { printExpr } from './ast/print.js';
import type { CatalogAccess } from './eval/functions/function-def.js';
import { ErrorCode, QueryError } from './errors/index.js';
import type { IndexInfo } from './catalog/index.js';
import { indexKeyText } from './planner/sarg-index.js';
import { resolveKeyspace, type Catalog } from './planner/index.js';
import type { PreparedStatement } from './prepared-statements.js';
import { keyspaceReferences } from './prepared-statements.js';
import type { StatisticsDictionary } from './statistics-dictionary.js';
import type { Store } from './storage/index.js';
import { jsonSize, type Value } from './values/index.js';

/**
 * DDL of the objects other parts of tokenql own, by kind (`sequence`, `function`): each source
 * gives the statements for a bucket (`""`: the global ones), each ending in `;`.
 */
export type DdlSources = Partial<Record<'sequence' | 'function', (bucket: string) => string[]>>;

/** What {@link catalogAccess} reads. */
export interface CatalogSources {
  store: Store;
  catalog: Catalog;
  indexes(): IndexInfo[];
  prepareds(): PreparedStatement[];
  /** A bucket's settings for `CREATE BUCKET … WITH {…}` (the cluster adapter's; none: no WITH). */
  bucketSettings?(bucket: string): Record<string, Value> | undefined;
  ddlSources?: DdlSources;
}

const q = (name: string) => '`' + name.replace(/`/g, '``') + '`';

/** `{'k':v,…}` as the reference writes a bucket's settings (names sorted, strings in single quotes). */
function settingsText(s: Record<string, Value>): string {
  const v = (x: Value): string => (typeof x === 'string' ? `'${x.replace(/'/g, "\\'")}'` : JSON.stringify(x));
  return `{${Object.keys(s).sort().map((k) => `'${k}':${v(s[k]!)}`).join(',')}}`;
}

/** A store keyspace as DDL names it: `` `b` `` or `` `b`.`s`.`c` ``. */
function keyspaceText(name: string): string {
  return name.split('.').map(q).join('.');
}

function indexDdl(i: IndexInfo): string {
  const on = keyspaceText(i.keyspace);
  if (i.isPrimary) return `CREATE PRIMARY INDEX ${q(i.name)} ON ${on} ;`;
  const keys = (i.definition ?? i.keys).map((k) => indexKeyText(k) + (k.includeMissing ? ' INCLUDE MISSING' : '') + (k.desc ? ' DESC' : '')).join(',');
  return `CREATE INDEX ${q(i.name)} ON ${on}(${keys}) ${i.where ? `WHERE ${printExpr(i.where)} ` : ''};`;
}

/**
 * The catalogue functions' access (INFER over a keyspace, EXTRACTDDL) for one statement. DDL
 * follows couchbase/query `expression/func_extractddl.go`'s order: bucket, scopes, collections,
 * indexes, sequences, functions, prepared statements.
 */
export function catalogAccess(src: CatalogSources): CatalogAccess {
  return {
    sampleDocuments(keyspace, limit) {
      const colon = keyspace.indexOf(':');
      const path = keyspace.slice(colon + 1).split('.');
      const name = resolveKeyspace({ namespace: keyspace.slice(0, colon), path }, src.catalog).name;
      const out: Value[] = [];
      for (const d of src.store.keyspace(name)?.scan() ?? []) {
        if (out.length >= limit) break;
        out.push(d.value);
      }
      return out;
    },
    extractDdl(bucket, flags) {
      const want = new Set(flags);
      const out: string[] = [];
      const names = src.store.keyspaceNames();
      const inBucket = (ks: string) => ks === bucket || ks.startsWith(`${bucket}.`);
      if (bucket !== '' && !names.some(inBucket)) return [];
      if (bucket !== '' && want.has('bucket')) {
        const s = src.bucketSettings?.(bucket);
        out.push(`CREATE BUCKET ${q(bucket)}${s ? ` WITH ${settingsText(s)}` : ''};`);
      }
      const collections = bucket === '' ? [] : names.filter((n) => n.startsWith(`${bucket}.`)).map((n) => n.split('.'));
      if (want.has('scope')) for (const s of [...new Set(collections.map((c) => c[1]!))].filter((s) => s !== '_default')) out.push(`CREATE SCOPE ${q(bucket)}.${q(s)};`);
      if (want.has('collection')) for (const c of collections.filter((c) => c[2] !== '_default')) out.push(`CREATE COLLECTION ${c.map(q).join('.')};`);
      if (want.has('index') && bucket !== '') for (const i of src.indexes().filter((i) => inBucket(i.keyspace))) out.push(indexDdl(i));
      if (want.has('sequence')) out.push(...(src.ddlSources?.sequence?.(bucket) ?? []));
      if (want.has('function')) out.push(...(src.ddlSources?.function?.(bucket) ?? []));
      if (want.has('prepared') && bucket !== '') {
        for (const p of src.prepareds()) {
          const refs = keyspaceReferences(p.statement);
          if (refs.some((r) => r.startsWith('default:') && r.slice(8).split('.')[0] === bucket)) out.push(`${p.prepareText};`);
        }
      }
      return out;
    },
  };
}

/**
 * UPDATE STATISTICS / ANALYZE: checks the keyspace (12003) and the named indexes (12016), then
 * records in `system:dictionary` what statistics were asked for, with the keyspace's document
 * count and average document size. tokenql's planner does not use them (it has no cost-based
 * optimizer); the statement is accepted so that the reference's scripts run.
 */
export function updateStatistics(s: UpdateStatisticsStatement, src: CatalogSources, dictionary: StatisticsDictionary | undefined): void {
  const name = resolveKeyspace(s.keyspace, src.catalog).name;
  const parts = name.split('.');
  const path = { bucket: parts[0]!, scope: parts[1] ?? '_default', keyspace: parts[2] ?? '_default' };
  const mine = src.indexes().filter((i) => i.keyspace === name);
  if (Array.isArray(s.indexes)) {
    for (const n of s.indexes) {
      if (!mine.some((i) => i.name === n)) throw new QueryError({ code: ErrorCode.INDEX_NOT_FOUND, phase: 'execution', message: `Index ${n} not found.`, position: s.loc });
    }
  }
  if (s.deleteAll || s.deleteKeys) {
    dictionary?.remove(path, s.deleteKeys?.map(printExpr));
    return;
  }
  let n = 0;
  let bytes = 0;
  for (const d of src.store.keyspace(name)?.scan() ?? []) {
    n++;
    bytes += jsonSize(d.value);
  }
  const indexes = s.indexes === 'all' ? mine.filter((i) => !i.isPrimary).map((i) => i.name) : s.indexes;
  const keys = [...(s.keys ?? []).map(printExpr), ...(indexes ?? []).flatMap((ix) => (mine.find((i) => i.name === ix)!.definition ?? mine.find((i) => i.name === ix)!.keys).map((k) => indexKeyText(k)))];
  dictionary?.record(path, { keys, indexes, docCount: n, avgDocSize: n ? Math.round(bytes / n) : 0 });
}


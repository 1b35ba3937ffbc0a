// The keyspaces panel: each keyspace the user may see with its document count, its indexes
// (definition and state, from system:indexes) and its fields (INFER), all read with statements
// run as the user, so that the panel shows only what the user's roles allow.
import { keyspaceNames, rows } from './api.js';
import { h, replace } from './dom.js';

interface IndexRow {
  name: string;
  keyspace_id: string;
  index_key?: string[];
  condition?: string;
  is_primary?: boolean;
  state?: string;
  using?: string;
}

const ident = (s: string) => '`' + s.replace(/`/g, '``') + '`';

/** The CREATE INDEX statement of a system:indexes row. */
export function indexDefinition(i: IndexRow): string {
  if (i.is_primary) return `CREATE PRIMARY INDEX ${ident(i.name)} ON ${ident(i.keyspace_id)}`;
  return `CREATE INDEX ${ident(i.name)} ON ${ident(i.keyspace_id)}(${(i.index_key ?? []).join(', ')})${i.condition ? ` WHERE ${i.condition}` : ''}`;
}

/** Field paths of an INFER flavor's `properties` (`a`, `a.b`, `list[*].c`) with their types. */
export function fieldPaths(properties: unknown, prefix = ''): { path: string; type: string }[] {
  const out: { path: string; type: string }[] = [];
  if (properties === null || typeof properties !== 'object') return out;
  for (const [name, p] of Object.entries(properties as Record<string, Record<string, unknown>>)) {
    const path = prefix + name;
    const type = Array.isArray(p.type) ? p.type.join('|') : String(p.type ?? '?');
    out.push({ path, type });
    if (p.properties) out.push(...fieldPaths(p.properties, `${path}.`));
    const items = p.items as Record<string, unknown> | undefined;
    if (items && typeof items === 'object' && items.properties) out.push(...fieldPaths(items.properties, `${path}[*].`));
  }
  return out;
}

/** Inferred fields of one keyspace (a small sample), or [] when INFER fails. */
export async function inferFields(keyspace: string): Promise<{ path: string; type: string }[]> {
  try {
    const r = await rows(`INFER ${ident(keyspace)} WITH {"sample_size": 200}`);
    const flavors = (Array.isArray(r[0]) ? r[0] : r) as { properties?: unknown }[];
    const seen = new Map<string, string>();
    for (const f of flavors) for (const x of fieldPaths(f.properties)) if (!seen.has(x.path)) seen.set(x.path, x.type);
    return [...seen].map(([path, type]) => ({ path, type }));
  } catch {
    return [];
  }
}

/**
 * Fills the panel with the keyspaces the user may query (`GET /ui/api/keyspaces`); `onFields` receives each keyspace's fields as they are inferred (for
 * completion). Returns the keyspace names.
 */
export async function loadKeyspaces(panel: Element, onFields: (keyspace: string, fields: string[]) => void): Promise<string[]> {
  let names: string[];
  try {
    names = await keyspaceNames();
  } catch (e) {
    replace(panel, h('p', { class: 'error' }, (e as Error).message));
    return [];
  }
  // system:indexes needs the query_system_catalog role: without it the panel says so.
  let indexError = '';
  const indexes = (await rows('SELECT i.* FROM system:indexes AS i ORDER BY i.keyspace_id, i.name').catch((e: Error) => ((indexError = e.message), []))) as IndexRow[];
  if (names.length === 0) {
    replace(panel, h('p', {}, 'No keyspace visible to this user.'));
    return [];
  }
  const list = h('div');
  for (const name of names) {
    const count = h('span', { class: 'count' }, '…');
    const fields = h('ul', { class: 'fields' }, h('li', {}, 'inferring…'));
    const own = indexes.filter((i) => i.keyspace_id === name);
    const item = h(
      'details',
      { class: 'keyspace', 'data-keyspace': name },
      h('summary', {}, name, ' (', count, ' documents)'),
      h('div', {}, indexError ? 'Indexes: not visible to this user' : `Indexes (${own.length})`),
      h('ul', { class: 'indexes' }, ...own.map((i) => h('li', { 'data-index': i.name }, h('code', {}, indexDefinition(i)), ' ', h('span', { class: 'state' }, i.state ?? '')))),
      h('div', {}, 'Fields (INFER)'),
      fields,
    );
    list.append(item);
    rows(`SELECT RAW COUNT(*) FROM ${ident(name)}`)
      .then((r) => (count.textContent = String(r[0])))
      .catch(() => (count.textContent = '?'));
    void inferFields(name).then((f) => {
      replace(fields, ...f.map((x) => h('li', {}, h('code', {}, x.path), ` ${x.type}`)));
      onFields(name, f.map((x) => x.path.replace(/\[\*\]/g, '')));
    });
  }
  replace(panel, list);
  return names;
}

import type { Backend } from './backend.js';

/** A field of an INFER flavor: its dotted path, its type(s) and the share of documents that have it. */
interface FieldLine {
  path: string;
  type: string;
  docs: string;
}

/** The type text of an INFER field: `number`, `number | string`, `array of string`. */
function typeText(f: Record<string, unknown>): string {
  const t = Array.isArray(f.type) ? (f.type as string[]).join(' | ') : String(f.type ?? '');
  if (t !== 'array' || f.items === undefined) return t;
  const items = (Array.isArray(f.items) ? f.items : [f.items]) as Record<string, unknown>[];
  const kinds = [...new Set(items.map((i) => String(i.type ?? '')).filter((x) => x !== ''))];
  return kinds.length ? `array of ${kinds.join(' | ')}` : 'array';
}

/** The fields of an INFER flavor's `properties`, nested objects' fields as dotted paths. */
function fieldLines(props: Record<string, unknown>, prefix = ''): FieldLine[] {
  const out: FieldLine[] = [];
  for (const name of Object.keys(props).sort()) {
    const f = props[name] as Record<string, unknown>;
    const path = prefix + (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `\`${name}\``);
    const docs = Array.isArray(f['%docs']) ? (f['%docs'] as number[]).map((x) => `${x}%`).join(' | ') : `${f['%docs']}%`;
    out.push({ path, type: typeText(f), docs });
    if (f.properties && typeof f.properties === 'object') out.push(...fieldLines(f.properties as Record<string, unknown>, `${path}.`));
  }
  return out;
}

/**
 * The fields of a keyspace as INFER sees them (couchbase/query INFER; cbq's and psql's `\d`
 * show columns): one section per flavor with each field's type and the share of the flavor's
 * documents that have it. Nothing when the keyspace is empty or the engine has no INFER.
 */
async function inferredFields(backend: Backend, keyspace: string): Promise<string[]> {
  let flavors: unknown;
  try {
    flavors = (await backend.run(`INFER \`${keyspace.replace(/`/g, '``')}\` WITH {"num_sample_values": 0}`)).results[0];
  } catch {
    return [];
  }
  if (!Array.isArray(flavors)) return [];
  const lines: string[] = [];
  flavors.forEach((fl, i) => {
    const f = fl as Record<string, unknown>;
    const head = `Fields (INFER${flavors.length > 1 ? `, flavor ${i + 1} of ${(flavors as unknown[]).length}` : ''}, ${f['#docs']} documents${f.Flavor ? `, ${f.Flavor}` : ''}):`;
    const fields = f.properties && typeof f.properties === 'object' ? fieldLines(f.properties as Record<string, unknown>) : [{ path: '(value)', type: typeText(f), docs: '100%' }];
    const w = [Math.max(...fields.map((x) => x.path.length)), Math.max(...fields.map((x) => x.type.length))];
    lines.push(head, ...fields.map((x) => `    ${x.path.padEnd(w[0]!)}  ${x.type.padEnd(w[1]!)}  ${x.docs}`));
  });
  return lines;
}

/**
 * psql's `\d`: every keyspace with its document count and indexes, or one keyspace's indexes
 * with their keys and conditions and its fields as INFER finds them (`\d demo`).
 */
export async function describeKeyspaces(backend: Backend, keyspace?: string): Promise<string> {
  const keyspaces = await backend.keyspaces();
  const indexes = await backend.indexes(keyspace);
  if (keyspace !== undefined) {
    const ks = keyspaces.find((k) => k.name === keyspace);
    if (!ks) return `no keyspace ${keyspace}`;
    const lines = [`Keyspace ${ks.name}${ks.count !== undefined ? ` (${ks.count} documents)` : ''}`];
    lines.push(indexes.length ? 'Indexes:' : 'No indexes.');
    for (const i of indexes) {
      const keys = i.primary ? 'PRIMARY' : `(${i.keys.join(', ')})`;
      lines.push(`    ${i.name} ${keys}${i.condition ? ` WHERE ${i.condition}` : ''}${i.state && i.state !== 'online' ? ` [${i.state}]` : ''}`);
    }
    lines.push(...(await inferredFields(backend, keyspace)));
    return lines.join('\n');
  }
  if (!keyspaces.length) return '(no keyspaces)';
  const rows = keyspaces.map((k) => {
    const names = indexes.filter((i) => i.keyspace === k.name).map((i) => i.name);
    return [k.name, k.count === undefined ? '' : String(k.count), names.join(', ') || '-'];
  });
  const header = ['keyspace', 'documents', 'indexes'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => r.map((x, c) => (c === 1 ? x.padStart(widths[c]!) : x.padEnd(widths[c]!))).join(' | ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-+-'), ...rows.map(line)].join('\n');
}

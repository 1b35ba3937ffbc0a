import type { Backend } from './backend.js';

/**
 * psql's `\d`: every keyspace with its document count and indexes, or one keyspace's indexes
 * with their keys and conditions (`\d demo`).
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

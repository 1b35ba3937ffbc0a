import { Database, parseTokenOptions, tokens, type ObjectValue, type Value } from '../src/index.js';
import { loadGeneratedCorpus } from './query/datasets.js';
const N = Number(process.env.N ?? 1_000_000);
const db = await Database.open();
await db.createBucket('c');
const ds = await loadGeneratedCorpus(db, 'c', N, 42);
const ks = (db as any).store.keyspace('c');
const opts = parseTokenOptions({});
const now = () => performance.now();
function t(label: string, f: () => number) {
  const xs: number[] = [];
  let s = 0;
  for (let r = 0; r < 5; r++) { global.gc?.(); const t0 = now(); s += f(); xs.push(now() - t0); }
  xs.sort((a, b) => a - b);
  console.log(label.padEnd(40), xs[2].toFixed(1), 'ms', s);
}
const vals = ds.fields.name;
t('captured tokens', () => { let n = 0; for (const v of vals) if (v !== undefined) n += tokens(v, opts).length; return n; });
t('docs iterate', () => { let n = 0; for (const d of ks.documents()) n++; return n; });
t('docs + read name', () => { let n = 0; for (const d of ks.documents()) { const v = (d.value as ObjectValue).name; if (v !== undefined) n++; } return n; });
t('docs + tokens name', () => { let n = 0; for (const d of ks.documents()) { const v = (d.value as ObjectValue).name; if (v !== undefined) n += tokens(v, opts).length; } return n; });
t('docs + tokens name + Map count', () => { const m = new Map<Value, number>(); for (const d of ks.documents()) { const v = (d.value as ObjectValue).name; if (v !== undefined) for (const x of tokens(v, opts)) m.set(x, (m.get(x) ?? 0) + 1); } return m.size; });
for (let r = 0; r < 3; r++) {
  global.gc?.();
  const t0 = now();
  await db.query('CREATE INDEX ix ON c(DISTINCT ARRAY v FOR v IN TOKENS(name) END)');
  console.log('build', (now() - t0).toFixed(1));
  await db.query('DROP INDEX ix ON c');
}
console.log('docs', ds.docs, 'with name', vals.filter((v) => v !== undefined).length);

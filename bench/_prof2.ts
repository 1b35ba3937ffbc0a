import { Database } from '../src/index.js';
import { loadGeneratedCorpus } from './query/datasets.js';
const db = await Database.open();
await db.createBucket('c');
await loadGeneratedCorpus(db, 'c', Number(process.env.N ?? 1_000_000), 42);
const { Session } = await import('node:inspector/promises');
const s = new Session(); s.connect();
await s.post('Profiler.enable'); await s.post('Profiler.setSamplingInterval', { interval: 100 });
await s.post('Profiler.start');
for (let r = 0; r < 3; r++) { await db.query('CREATE INDEX ix ON c(DISTINCT ARRAY v FOR v IN TOKENS(name) END)'); await db.query('DROP INDEX ix ON c'); }
const { profile } = await s.post('Profiler.stop');
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const counts = new Map<number, number>();
for (const id of profile.samples!) counts.set(id, (counts.get(id) ?? 0) + 1);
for (const [id, c] of counts) { const n: any = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + c); }
const tot = profile.samples!.length;
for (const [k, c] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 16)) console.log((100 * c / tot).toFixed(1).padStart(5), k);

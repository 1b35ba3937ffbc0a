import { Database } from '../src/index.js';
import { loadTravelSample } from './query/datasets.js';
const db = await Database.open();
await db.createBucket('t');
await loadTravelSample(db, process.cwd(), 't');
const { Session } = await import('node:inspector/promises');
const s = new Session(); s.connect();
for (let r = 0; r < 30; r++) { await db.query('CREATE INDEX ix ON t(DISTINCT ARRAY v FOR v IN TOKENS(name) END)'); await db.query('DROP INDEX ix ON t'); }
await s.post('Profiler.enable'); await s.post('Profiler.setSamplingInterval', { interval: 50 });
await s.post('Profiler.start');
for (let r = 0; r < 300; r++) { await db.query('CREATE INDEX ix ON t(DISTINCT ARRAY v FOR v IN TOKENS(name) END)'); await db.query('DROP INDEX ix ON t'); }
const { profile } = await s.post('Profiler.stop');
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const counts = new Map<number, number>();
for (const id of profile.samples!) counts.set(id, (counts.get(id) ?? 0) + 1);
for (const [id, c] of counts) { const n: any = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + c); }
const tot = profile.samples!.length;
for (const [k, c] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((100 * c / tot).toFixed(1).padStart(5), k);

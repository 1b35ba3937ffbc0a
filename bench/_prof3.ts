import { Database } from '../src/index.js';
import { loadTravelSample } from './query/datasets.js';
const db = await Database.open();
await db.createBucket('t');
await db.createBucket('e');
await loadTravelSample(db, process.cwd(), 't');
async function m(label: string, ks: string, keys: string) {
  const xs: number[] = [];
  for (let r = 0; r < 40; r++) {
    const t0 = performance.now();
    await db.query(`CREATE INDEX ix ON ${ks}(${keys})`);
    xs.push(performance.now() - t0);
    await db.query(`DROP INDEX ix ON ${ks}`);
  }
  xs.sort((a, b) => a - b);
  console.log(label.padEnd(20), xs[20].toFixed(3));
}
await m('empty tokens', 'e', 'DISTINCT ARRAY v FOR v IN TOKENS(name) END');
await m('travel tokens', 't', 'DISTINCT ARRAY v FOR v IN TOKENS(name) END');
await m('travel type', 't', 'type');
await m('travel tokens', 't', 'DISTINCT ARRAY v FOR v IN TOKENS(name) END');

import { Database } from '../src/index.js';
const db = await Database.open();
await db.load('travel', '../shared/datasets/travel-sample.jsonl', { key: '%type%_%id%' });
for (let i = 0; i < 5; i++) {
  let t = performance.now();
  await db.query('CREATE INDEX ix ON travel(DISTINCT ARRAY v FOR v IN TOKENS(name) END)');
  const a = performance.now() - t;
  t = performance.now();
  await db.query('DROP INDEX ix ON travel');
  const b = performance.now() - t;
  t = performance.now();
  await db.query('SELECT 1');
  console.log(a.toFixed(2), b.toFixed(2), (performance.now() - t).toFixed(2));
}

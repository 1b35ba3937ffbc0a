import { readFileSync } from 'node:fs';
import { tokens, parseTokenOptions } from '../src/index.js';
import { sortStrings, compareStrings } from '../src/values/index.js';
const docs = readFileSync('/work/shared/datasets/travel-sample.jsonl', 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const o = parseTokenOptions({});
const set = new Set<string>();
for (const d of docs) if (d.name !== undefined) for (const t of tokens(d.name, o)) set.add(t as string);
const arr = [...set];
for (let r = 0; r < 30; r++) {
  let t = performance.now(); arr.slice().sort(); const t1 = performance.now() - t;
  t = performance.now(); sortStrings(arr.slice()); const t2 = performance.now() - t;
  t = performance.now(); arr.slice().sort(compareStrings); const t3 = performance.now() - t;
  if (r % 5 === 4) console.log('native', t1.toFixed(3), 'mkqs', t2.toFixed(3), 'cmp', t3.toFixed(3));
}
{
  const keyOf = (s: string) => ((Math.min((s.length > 0 ? s.charCodeAt(0) : -1) + 1, 0xffff) << 16) | Math.min((s.length > 1 ? s.charCodeAt(1) : -1) + 1, 0xffff)) >>> 0;
  const m = new Map<number, number>(); for (const s of arr) m.set(keyOf(s), (m.get(keyOf(s)) ?? 0) + 1);
  const sizes = [...m.values()].sort((a, b) => b - a);
  console.log('runs', m.size, 'largest', sizes.slice(0, 5), 'n', arr.length, 'avg len', arr.reduce((x, s) => x + s.length, 0) / arr.length);
  for (let r = 0; r < 5; r++) { const t = performance.now(); const k = new Uint32Array(arr.length); for (let i = 0; i < arr.length; i++) k[i] = keyOf(arr[i]); console.log('keys', (performance.now() - t).toFixed(3)); }
}

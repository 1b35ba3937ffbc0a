/**
 * Speed of the PostgreSQL store's index key encoding (src/storage/postgres/collation-key.ts):
 * encodeIndexKey and decodeIndexKey in keys/s on a one-key string index (names of 6–24
 * characters, one in ten with a non-ASCII letter) and on a three-key composite
 * (`[country, integer, name]`, the second key DESC). Median of 7 rounds over 200k keys, in
 * process CPU time (the machine is shared) and wall time.
 *
 *   npx tsx bench/collation-key.bench.ts
 */
import { decodeIndexKey, encodeIndexKey } from '../src/storage/postgres/collation-key.js';
import type { Value } from '../src/values/index.js';

const N = 200_000;
const ROUNDS = 7;

/** A deterministic pseudo-random generator (xorshift32), so that runs compare. */
let seed = 2463534242;
function rnd(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
}
const LETTERS = 'abcdefghijklmnopqrstuvwxyz      ';
function name(): string {
  let s = '';
  const n = 6 + Math.floor(rnd() * 19);
  for (let i = 0; i < n; i++) s += LETTERS[Math.floor(rnd() * LETTERS.length)];
  return rnd() < 0.1 ? s + 'é' : s;
}
const COUNTRIES = ['United States', 'France', 'United Kingdom', 'Deutschland', 'España'];

function measure(label: string, keys: Value[][], desc: boolean[]): void {
  const encoded = keys.map((k) => encodeIndexKey(k, desc));
  const bytes = encoded.reduce((n, b) => n + b.length, 0);
  const time = (f: () => void): { cpu: number; wall: number } => {
    const runs: { cpu: number; wall: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const c0 = process.cpuUsage();
      const w0 = performance.now();
      f();
      const c = process.cpuUsage(c0);
      runs.push({ cpu: (c.user + c.system) / 1e6, wall: (performance.now() - w0) / 1e3 });
    }
    runs.sort((a, b) => a.cpu - b.cpu);
    return runs[Math.floor(ROUNDS / 2)]!;
  };
  let sink = 0;
  const enc = time(() => {
    for (const k of keys) sink += encodeIndexKey(k, desc).length;
  });
  const dec = time(() => {
    for (const b of encoded) sink += decodeIndexKey(b, desc).length;
  });
  const rate = (t: { cpu: number; wall: number }): string => `${(N / t.cpu / 1e6).toFixed(2)} M keys/s CPU (${(N / t.wall / 1e6).toFixed(2)} M wall)`;
  console.log(`${label}: ${(bytes / N).toFixed(1)} bytes/key; encode ${rate(enc)}; decode ${rate(dec)}${sink < 0 ? '' : ''}`);
}

const single: Value[][] = Array.from({ length: N }, () => [name()]);
const composite: Value[][] = Array.from({ length: N }, () => [COUNTRIES[Math.floor(rnd() * COUNTRIES.length)]!, Math.floor(rnd() * 10000), name()]);
console.log(`load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}`);
measure('1 key (string)', single, [false]);
measure('3 keys (string, number DESC, string)', composite, [false, true, false]);

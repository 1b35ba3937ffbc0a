/**
 * Start-up time of the CLI beside `node -e 0` (issue 23: `tokenql query -e "SELECT 1"` within
 * 3× of a bare Node start). Runs each command RUNS times, alternating, and prints min / median /
 * max wall times in ms and the ratio of the medians. Needs `npm run build` (dist/cli/bin.js, the
 * bundled CLI); the unbundled tsc output (dist/src/cli/bin.js) is measured too when present.
 * The bundled CLI's code cache goes to a fresh directory: its first run (which compiles the
 * bundle and writes the cache) is printed apart, and the measured runs start from the cache, as
 * every run after a user's first does.
 *
 *   npm run bench:startup [-- RUNS]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.argv[2] ?? 9);
const commands: [string, string[]][] = [
  ['node -e 0', ['-e', '0']],
  ['tokenql query -e "SELECT 1" (dist/cli, bundled)', ['dist/cli/bin.js', 'query', '-e', 'SELECT 1', '--format', 'jsonl']],
];
if (existsSync('dist/src/cli/bin.js')) commands.push(['tokenql query -e "SELECT 1" (dist/src, tsc only)', ['dist/src/cli/bin.js', 'query', '-e', 'SELECT 1', '--format', 'jsonl']]);
if (!existsSync('dist/cli/bin.js')) {
  console.error('dist/cli/bin.js is missing: run npm run build first');
  process.exit(1);
}
const cacheDir = mkdtempSync(join(tmpdir(), 'tokenql-bench-cache-'));
const env = { ...process.env, TOKENQL_CACHE_DIR: cacheDir };
const timed = (args: string[]) => {
  const t = performance.now();
  const p = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  if (p.status !== 0) throw new Error(`${args.join(' ')} failed: ${p.stderr}`);
  return performance.now() - t;
};
const first = timed(commands[1]![1]);
const times = commands.map(() => [] as number[]);
for (let r = 0; r < runs; r++) commands.forEach(([, args], i) => times[i]!.push(timed(args)));
rmSync(cacheDir, { recursive: true, force: true });
console.log(`first run of the bundled CLI (compiles it, writes the code cache): ${first.toFixed(0)} ms`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const base = median(times[0]!);
console.log(`start-up, ${runs} runs each (ms)            min   median      max   × node`);
commands.forEach(([name], i) => {
  const xs = times[i]!;
  const f = (n: number) => n.toFixed(0).padStart(8);
  console.log(`${name.padEnd(50)}${f(Math.min(...xs))}${f(median(xs))}${f(Math.max(...xs))}   ${(median(xs) / base).toFixed(2)}`);
});

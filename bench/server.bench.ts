/**
 * Server latency under load (issue 22 "no stalls"): p50/p99 of a cheap query (`SELECT RAW 1` on
 * the query service, with credentials) and of the gateway's `GET /{db}/` (session cookie), alone
 * and while (a) full scans, (b) a 1M-row ORDER BY, (c) CREATE INDEX on a durable 200k-document
 * keyspace, (d) a wrong-password flood run beside them, as ratios to the unloaded p99. Targets:
 * p99 under load ≤ 3× alone and ≤ 60 ms.
 *
 * The servers (`tokenql serve`'s listeners: cluster admin, query service, gateway, on one durable
 * store) run in a child process, so the load generator (autocannon) does not share their event
 * loop; the background loads are HTTP requests from this process.
 *
 *   npm run bench:server                         # 3 s per case, 8 connections
 *   BENCH_SECONDS=5 BENCH_DOCS=200000 npm run bench:server
 *
 * Diagnostics: BENCH_CASES=(a),(c) runs only those loads (with `alone`); BENCH_STALLS=1 logs
 * each event-loop gap of the server over 40 ms with its CPU time (a gap with little CPU: the
 * machine did not schedule the process); BENCH_CHILD_FLAGS="--cpu-prof …" passes node flags to
 * the server process; BENCH_WARMUP_SECONDS (default 2) per target before `alone`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startClusterAdmin } from '../src/adapters/cluster/index.js';
import { documentInfo, registerDocumentRoutes } from '../src/adapters/gateway/docs/index.js';
import { startGateway } from '../src/adapters/gateway/index.js';
import { startQueryService } from '../src/adapters/query/index.js';
import { Database } from '../src/index.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const DOCS = Number(process.env.BENCH_DOCS ?? 200_000);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const ADMIN = 'Basic ' + Buffer.from('Administrator:password').toString('base64');

/** The server's CPU time (all its threads) and event-loop delay (ms) over a period. */
interface Usage {
  cpuMs: number;
  wallMs: number;
  delayP99: number;
  delayMax: number;
}

interface Servers {
  query: string;
  dbUrl: string;
  cookie: string;
}

/** Child process: a durable store with `scan` and `big` (DOCS documents each), the three listeners. */
async function serve(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tokenql-bench-server-'));
  const db = await Database.open({ path: dir, durability: 'batch' });
  const docs = function* () {
    for (let i = 0; i < DOCS; i++) yield { i, name: `name ${i % 5000}`, v: i % 997, tags: [`t${i % 13}`, `u${i % 7}`] };
  };
  await db.load('scan', docs(), { key: 's#MONO_INCR#' });
  await db.load('big', docs(), { key: 'b#MONO_INCR#' });
  const admin = await startClusterAdmin(db, { port: 0, daemon: false, admin: { user: 'Administrator', password: 'password' } });
  const query = await startQueryService(db, { port: 0, principal: (a, ip) => admin.queryPrincipal(a, ip), timeoutMs: 600_000, memoryQuotaBytes: 1024 * 1024 * 1024 });
  const gw = await startGateway({ config: { interface: '127.0.0.1:0', adminInterface: '127.0.0.1:0', databases: { db: { bucket: 'gw' } } }, db, registerDocumentRoutes, documentInfo });
  const post = (path: string, body: unknown) => fetch(gw.adminUrl + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if ((await post('/db/_user/', { name: 'alice', password: 'secret' })).status >= 300) throw new Error('cannot create the gateway user');
  const session = (await (await post('/db/_session', { name: 'alice', ttl: 3600 })).json()) as { session_id: string; cookie_name: string };
  const servers: Servers = { query: `${query.url}/query/service`, dbUrl: `${gw.publicUrl}/db/`, cookie: `${session.cookie_name}=${session.session_id}` };
  console.log(JSON.stringify(servers));
  // `mark LABEL` on stdin: answers (stdout, one JSON line) the server's CPU time and event-loop
  // delay since the previous mark, and names the period that begins.
  let label = 'warm-up';
  let since = { wall: performance.now(), cpu: process.cpuUsage() };
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  createInterface({ input: process.stdin }).on('line', (l) => {
    const used = process.cpuUsage(since.cpu);
    const usage: Usage = { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - since.wall, delayP99: delay.percentile(99) / 1e6, delayMax: delay.max / 1e6 };
    console.log(JSON.stringify(usage));
    delay.reset();
    since = { wall: performance.now(), cpu: process.cpuUsage() };
    label = l.replace(/^mark /, '');
  });
  // BENCH_STALLS=1: log every event-loop gap over 40 ms (the case it happened in), to find stalls.
  if (process.env.BENCH_STALLS) {
    let last = performance.now();
    let cpu = process.cpuUsage();
    setInterval(() => {
      const now = performance.now();
      const used = process.cpuUsage(cpu);
      // CPU time of the process's threads (main, GC helpers, libuv pool) over the gap: far below the gap = descheduled by the machine.
      if (now - last > 40) console.error(`  stall ${Math.round(now - last - 10)} ms (cpu ${Math.round((used.user + used.system) / 1000)} ms) during ${label}`);
      last = now;
      cpu = process.cpuUsage();
    }, 10).unref();
  }
  process.stdin.resume();
  process.stdin.on('end', async () => {
    await Promise.allSettled([gw.close(), query.close(), admin.close()]);
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

function form(statement: string): { method: 'POST'; headers: Record<string, string>; body: string } {
  return { method: 'POST', headers: { authorization: ADMIN, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ statement }).toString() };
}

/** Runs `one` over and over with `parallel` loops until stopped. */
function background(parallel: number, one: () => Promise<unknown>): { stop(): Promise<void>; runs: () => number } {
  let running = true;
  let runs = 0;
  const loops = Array.from({ length: parallel }, async () => {
    while (running) {
      await one().catch(() => {});
      runs++;
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
    runs: () => runs,
  };
}

interface Latency {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function measure(target: 'query' | 'gateway', s: Servers, seconds = SECONDS): Promise<Latency> {
  const opts =
    target === 'query'
      ? { url: s.query, ...form('SELECT RAW 1') }
      : { url: s.dbUrl, method: 'GET' as const, headers: { cookie: s.cookie } };
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: seconds });
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, errors: r.non2xx + r.errors + r.timeouts };
}

async function main(): Promise<void> {
  const childFlags = (process.env.BENCH_CHILD_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...process.execArgv, ...childFlags, fileURLToPath(import.meta.url), '--serve'], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env } });
  // The child's first JSON line names its servers; other lines (e.g. --trace-gc) go to stderr.
  const usages: ((u: Usage) => void)[] = [];
  const s = await new Promise<Servers>((resolve) => {
    let found = false;
    createInterface({ input: child.stdout }).on('line', (l) => {
      if (!found && l.startsWith('{')) {
        found = true;
        resolve(JSON.parse(l) as Servers);
      } else if (l.startsWith('{"cpuMs"')) usages.shift()?.(JSON.parse(l) as Usage);
      else console.error(l);
    });
  });
  /** Ends the server's current period (its usage) and starts one named `label`. */
  const mark = (label: string) =>
    new Promise<Usage>((resolve) => {
      usages.push(resolve);
      child.stdin.write(`mark ${label}\n`);
    });
  const q = (statement: string) => fetch(s.query, form(statement)).then((r) => r.text());
  let ix = 0;
  const loads: Record<string, () => ReturnType<typeof background>> = {
    alone: () => background(0, async () => {}),
    '(a) full scans': () => background(2, () => q('SELECT COUNT(*) AS n, SUM(v) AS s FROM scan WHERE v >= 0')),
    '(b) 1M-row ORDER BY': () => background(1, () => q('SELECT COUNT(*) AS n FROM (SELECT x * 1000 + y AS v FROM ARRAY_RANGE(0, 1000) AS x UNNEST ARRAY_RANGE(0, 1000) AS y ORDER BY v DESC) AS s')),
    '(c) CREATE INDEX (durable, big)': () =>
      background(1, async () => {
        const name = `ix${ix++}`;
        await q(`CREATE INDEX ${name} ON big(name, v)`);
        await q(`DROP INDEX ${name} ON big`);
      }),
    '(d) wrong-password flood': () =>
      background(16, () =>
        fetch(s.query, { method: 'POST', headers: { authorization: 'Basic ' + Buffer.from(`mallory:guess${Math.random()}`).toString('base64'), 'content-type': 'application/x-www-form-urlencoded' }, body: 'statement=SELECT%201' }).then((r) => r.text()),
      ),
  };
  const rows: string[] = [];
  const alone: Record<string, Latency> = {};
  const verdicts: boolean[] = [];
  // Warm-up, not measured: the first requests compile the handlers and fill the statement cache,
  // and the store settles after its load (its first GCs of the loaded heap).
  for (const target of ['query', 'gateway'] as const) await measure(target, s, WARMUP_SECONDS);
  const only = process.env.BENCH_CASES?.split(',');
  for (const [name, start] of Object.entries(loads)) {
    if (only && name !== 'alone' && !only.some((o) => name.startsWith(o))) continue;
    const load = start();
    await new Promise((r) => setTimeout(r, name === 'alone' ? 0 : 500)); // the load is running
    for (const target of ['query', 'gateway'] as const) {
      await mark(`${name} ${target}`);
      const m = await measure(target, s);
      const u = await mark('between');
      if (name === 'alone') alone[target] = m;
      const ratio = m.p99 / Math.max(alone[target]!.p99, 1);
      const ok = name === 'alone' || (ratio <= 3 && m.p99 <= 60);
      if (name !== 'alone') verdicts.push(ok);
      rows.push(
        `| ${name.padEnd(32)} | ${target.padEnd(7)} | ${String(m.p50).padStart(5)} | ${String(m.p99).padStart(5)} | ${ratio.toFixed(2).padStart(6)} | ${Math.round(m.rps).toString().padStart(7)} | ${String(m.errors).padStart(6)} | ${(u.cpuMs / u.wallMs).toFixed(2).padStart(5)} | ${u.delayP99.toFixed(0).padStart(5)} / ${u.delayMax.toFixed(0).padStart(4)} | ${ok ? 'ok' : 'MISS'} |`,
      );
      console.error(rows[rows.length - 1]);
    }
    await load.stop();
    if (name !== 'alone') console.error(`  (${name}: ${load.runs()} background runs)`);
  }
  child.stdin.end();
  console.log(`\nServer latency under load: ${SECONDS} s per case, ${CONNECTIONS} connections, ${DOCS} documents per keyspace (ms; ratio = p99 / p99 alone;`);
  console.log(`cores = the server's CPU time / wall time; loop delay = the server's event-loop delay p99 / max, ms); load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
  console.log('| load                             | target  |   p50 |   p99 |  ratio |   req/s | errors | cores | loop delay  | ≤3×, ≤60 ms |');
  console.log('|----------------------------------|---------|-------|-------|--------|---------|--------|-------|-------------|----|');
  for (const r of rows) console.log(r);
  console.log(`\n${verdicts.filter(Boolean).length} of ${verdicts.length} loaded cases within target`);
}

if (process.argv.includes('--serve')) await serve();
else await main();

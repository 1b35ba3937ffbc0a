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
 * machine did not schedule the process); BENCH_WAITS=1 adds a table of what the server's
 * event-loop gaps were made of (GC pauses, run-queue wait, JavaScript; see {@link Waits});
 * BENCH_CHILD_FLAGS="--cpu-prof …" passes node flags to the server process;
 * BENCH_WARMUP_SECONDS (default 2) per target before `alone`.
 *
 * BENCH_STORE=postgres serves from the PostgreSQL store (a private server the child starts),
 * with the gateway on a thread of its own as `tokenql serve --store` runs it
 * (BENCH_GATEWAY_THREAD=0: on the main thread, beside the query service).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startClusterAdmin } from '../src/adapters/cluster/index.js';
import { documentInfo, registerDocumentRoutes } from '../src/adapters/gateway/docs/index.js';
import { startGateway } from '../src/adapters/gateway/index.js';
import { startQueryService } from '../src/adapters/query/index.js';
import { startGatewayThread } from '../src/cli/gateway-thread.js';
import { Database } from '../src/index.js';
import { startPostgres } from './support/postgres.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const DOCS = Number(process.env.BENCH_DOCS ?? 200_000);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/** BENCH_STORE: `file` (a durable data directory, the default) or `postgres`. */
const STORE = process.env.BENCH_STORE ?? 'file';
const ADMIN = 'Basic ' + Buffer.from('Administrator:password').toString('base64');

/** The server's CPU time (all its threads) and event-loop delay (ms) over a period. */
interface Usage {
  cpuMs: number;
  wallMs: number;
  delayP99: number;
  delayMax: number;
  waits?: Waits;
}

/**
 * BENCH_WAITS: the event loop's gaps over a period, seen by a 1 ms timer, and what filled them:
 * GC pauses (perf_hooks 'gc' entries), run-queue wait of the main thread (the machine ran other
 * processes: /proc schedstat), and the rest (JavaScript: slices of long work, request handlers),
 * for the gaps longer than 2 ms.
 */
interface Waits {
  gcMs: number;
  gcP99: number;
  gcMax: number;
  longGaps: number;
  longMs: number;
  longGcMs: number;
  longRunqMs: number;
  /** The rest of those gaps (JavaScript), gap by gap: GC and run-queue wait can overlap (a GC descheduled). */
  longJsMs: number;
  /** Longest gap with under 0.5 ms of GC and of run-queue wait in it: the longest piece of JavaScript. */
  cleanMax: number;
  cleanP99: number;
}

/** Starts the BENCH_WAITS probe; `take()` answers the period since the previous take and starts a new one. */
function waitProbe(): { take(): Waits } {
  const statFile = `/proc/${process.pid}/task/${process.pid}/schedstat`;
  const runq = (): number => {
    try {
      return Number(readFileSync(statFile, 'utf8').split(' ')[1]) / 1e6;
    } catch {
      return 0;
    }
  };
  let gaps: { start: number; end: number; runq: number }[] = [];
  let gcs: { start: number; ms: number }[] = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) gcs.push({ start: e.startTime, ms: e.duration });
  }).observe({ entryTypes: ['gc'] });
  let last = performance.now();
  let lastRunq = runq();
  let periodStart = last;
  setInterval(() => {
    const now = performance.now();
    const q = runq();
    gaps.push({ start: last, end: now, runq: q - lastRunq });
    last = now;
    lastRunq = q;
  }, 1).unref();
  return {
    take(): Waits {
      const now = performance.now();
      const wall = now - periodStart;
      const gs = gaps;
      const gc = gcs;
      gaps = [];
      gcs = [];
      periodStart = now;
      let j = 0;
      gc.sort((a, b) => a.start - b.start);
      const gcIn = gs.map((g) => {
        let ms = 0;
        while (j < gc.length && gc[j]!.start < g.end) {
          if (gc[j]!.start >= g.start) ms += gc[j]!.ms;
          j++;
        }
        return ms;
      });
      const long = gs.map((g, i) => ({ len: g.end - g.start, runq: g.runq, gc: gcIn[i]! })).filter((g) => g.len > 2);
      const clean = gs.map((g, i) => ({ len: g.end - g.start, ok: g.runq < 0.5 && gcIn[i]! < 0.5 })).filter((g) => g.ok).map((g) => g.len).sort((a, b) => a - b);
      const gcMs = gc.map((g) => g.ms).sort((a, b) => a - b);
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      return {
        gcMs: sum(gcMs),
        gcP99: gcMs.length ? gcMs[Math.ceil(0.99 * gcMs.length) - 1]! : 0,
        gcMax: gcMs.length ? gcMs[gcMs.length - 1]! : 0,
        longGaps: long.length,
        longMs: sum(long.map((g) => g.len)),
        longGcMs: sum(long.map((g) => Math.min(g.gc, g.len))),
        longRunqMs: sum(long.map((g) => Math.min(g.runq, g.len))),
        longJsMs: sum(long.map((g) => Math.max(0, g.len - g.gc - g.runq))),
        cleanMax: clean.length ? clean[clean.length - 1]! : 0,
        cleanP99: clean.length ? clean[Math.ceil(0.99 * clean.length) - 1]! : 0,
      };
    },
  };
}

interface Servers {
  query: string;
  dbUrl: string;
  cookie: string;
}

/** Child process: a durable store with `scan` and `big` (DOCS documents each), the three listeners. */
async function serve(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tokenql-bench-server-'));
  // BENCH_STORE=postgres: the PostgreSQL store on a private server started here, the gateway on
  // its own thread as `serve --store` runs it (BENCH_GATEWAY_THREAD=0: on the main thread).
  const pg = STORE === 'postgres' ? await startPostgres() : undefined;
  if (STORE === 'postgres' && !pg) throw new Error('BENCH_STORE=postgres: PostgreSQL is not installed');
  let url: string | undefined;
  if (pg) {
    pg.sql('CREATE DATABASE bench');
    url = `postgres://postgres@127.0.0.1:${pg.port}/bench`;
  }
  const db = await Database.open(url ? { store: url } : { path: dir, durability: 'batch' });
  const docs = function* () {
    for (let i = 0; i < DOCS; i++) yield { i, name: `name ${i % 5000}`, v: i % 997, tags: [`t${i % 13}`, `u${i % 7}`] };
  };
  await db.load('scan', docs(), { key: 's#MONO_INCR#' });
  await db.load('big', docs(), { key: 'b#MONO_INCR#' });
  const admin = await startClusterAdmin(db, { port: 0, daemon: false, admin: { user: 'Administrator', password: 'password' } });
  const query = await startQueryService(db, { port: 0, principal: (a, ip) => admin.queryPrincipal(a, ip), timeoutMs: 600_000, memoryQuotaBytes: 1024 * 1024 * 1024 });
  const gwConfig = { interface: '127.0.0.1:0', adminInterface: '127.0.0.1:0', databases: { db: { bucket: 'gw', ...(url ? { server: url } : {}) } } };
  const gw = url && process.env.BENCH_GATEWAY_THREAD !== '0' ? await startGatewayThread(gwConfig, () => {}) : await startGateway({ config: gwConfig, db, registerDocumentRoutes, documentInfo });
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
    const usage: Usage = { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - since.wall, delayP99: delay.percentile(99) / 1e6, delayMax: delay.max / 1e6, waits: waits?.take() };
    console.log(JSON.stringify(usage));
    delay.reset();
    since = { wall: performance.now(), cpu: process.cpuUsage() };
    label = l.replace(/^mark /, '');
  });
  // BENCH_WAITS=1: what the event loop's gaps (a waiting request's wait) are made of, per period.
  const waits = process.env.BENCH_WAITS ? waitProbe() : undefined;
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
    pg?.stop();
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
  // autocannon's histogram keeps whole milliseconds (a 1.9 ms request counts as 1): each 2xx
  // response's time (a float, ms) is kept here instead, for percentiles to 0.01 ms.
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ ...opts, connections: CONNECTIONS, duration: seconds }, (err, result) => (err ? reject(err) : resolve(result)));
    run.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
  times.sort((x, y) => x - y);
  return { p50: percentile(times, 50), p99: percentile(times, 99), rps: r.requests.average, errors: r.non2xx + r.errors + r.timeouts };
}

/** The `p`-th percentile (nearest rank) of ascending `sorted` (ms); NaN when empty. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
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
  const waitRows: string[] = [];
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
      const ratio = m.p99 / alone[target]!.p99;
      const ok = name === 'alone' || (ratio <= 3 && m.p99 <= 60);
      if (name !== 'alone') verdicts.push(ok);
      rows.push(
        `| ${name.padEnd(32)} | ${target.padEnd(7)} | ${m.p50.toFixed(2).padStart(6)} | ${m.p99.toFixed(2).padStart(6)} | ${ratio.toFixed(2).padStart(6)} | ${Math.round(m.rps).toString().padStart(7)} | ${String(m.errors).padStart(6)} | ${(u.cpuMs / u.wallMs).toFixed(2).padStart(5)} | ${u.delayP99.toFixed(0).padStart(5)} / ${u.delayMax.toFixed(0).padStart(4)} | ${ok ? 'ok' : 'MISS'} |`,
      );
      console.error(rows[rows.length - 1]);
      const w = u.waits;
      if (w) {
        const f = (x: number) => x.toFixed(1);
        waitRows.push(
          `| ${name.padEnd(32)} | ${target.padEnd(7)} | ${f(w.gcMs).padStart(6)} / ${f(w.gcP99).padStart(5)} / ${f(w.gcMax).padStart(5)} | ${String(w.longGaps).padStart(5)} | ${f(w.longMs).padStart(7)} | ${f(w.longGcMs).padStart(6)} | ${f(w.longRunqMs).padStart(6)} | ${f(w.longJsMs).padStart(6)} | ${f(w.cleanP99).padStart(5)} / ${f(w.cleanMax).padStart(5)} |`,
        );
        console.error(waitRows[waitRows.length - 1]);
      }
    }
    await load.stop();
    if (name !== 'alone') console.error(`  (${name}: ${load.runs()} background runs)`);
  }
  child.stdin.end();
  console.log(`\nServer latency under load: ${SECONDS} s per case, ${CONNECTIONS} connections, ${DOCS} documents per keyspace (ms; ratio = p99 / p99 alone;`);
  console.log(`cores = the server's CPU time / wall time; loop delay = the server's event-loop delay p99 / max, ms); load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
  console.log('| load                             | target  |    p50 |    p99 |  ratio |   req/s | errors | cores | loop delay  | ≤3×, ≤60 ms |');
  console.log('|----------------------------------|---------|--------|--------|--------|---------|--------|-------|-------------|----|');
  for (const r of rows) console.log(r);
  console.log(`\n${verdicts.filter(Boolean).length} of ${verdicts.length} loaded cases within target`);
  if (waitRows.length) {
    console.log('\nBENCH_WAITS: the server\'s event-loop gaps (ms): GC = pauses total / p99 / max;');
    console.log('gaps > 2 ms: count, total and what filled them (GC pause, run-queue wait of the main thread, JavaScript); JS piece = p99 / max of gaps without GC or run-queue wait\n');
    console.log('| load                             | target  | GC total / p99 / max | gaps | total ms | GC | run queue | JS | JS piece p99 / max |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const r of waitRows) console.log(r);
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();

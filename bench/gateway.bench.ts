/**
 * Gateway request rate (issue 5 §4): requests/s of an authenticated `GET /{db}/` with a session
 * cookie and with basic credentials over loopback, beside a bare `node:http` server answering the
 * same JSON, as ratios. Target: cookie-authenticated requests at no less than half the bare rate.
 *
 * The servers run in a child process, so the load generator does not share their event loop.
 * The gateway is the real one (`startGateway` with the document routes) on an in-memory database,
 * with a user `alice` created on the admin API and a session made for her there.
 *
 *   npm run bench:gateway                 # 5 s per case, concurrency 32
 *   BENCH_SECONDS=2 BENCH_CONCURRENCY=64 npm run bench:gateway
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { documentInfo, registerDocumentRoutes } from '../src/adapters/gateway/docs/index.js';
import { startGateway } from '../src/adapters/gateway/index.js';
import { Database } from '../src/index.js';
import { createHttpApp, listen } from '../src/adapters/http/server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const TARGET = 0.5;

/**
 * Load with autocannon (a well-kept HTTP benchmarking client that drives many keep-alive
 * connections from one process far faster than `http.get` loops): `CONCURRENCY` connections for
 * `seconds`; returns requests/s and the count of non-2xx answers and errors.
 */
async function measure(url: string, headers: Record<string, string>, seconds: number): Promise<{ rps: number; errors: number }> {
  const result = await autocannon({ url, connections: CONCURRENCY, duration: seconds, headers });
  return { rps: result.requests.average, errors: result.non2xx + result.errors + result.timeouts };
}

interface Servers {
  bareUrl: string;
  /** The same JSON from a plain route on the gateway's HTTP plumbing (fastify): the framework's ceiling. */
  frameworkUrl: string;
  dbUrl: string;
  cookie: string;
}

/** Child process: starts the gateway and the bare server, prints their addresses, waits. */
async function serve(): Promise<void> {
  const db = await Database.open();
  const gw = await startGateway({
    config: { interface: '127.0.0.1:0', adminInterface: '127.0.0.1:0', databases: { db: { bucket: 'db' } } },
    db,
    registerDocumentRoutes,
    documentInfo,
  });
  const admin = (path: string, body: unknown) =>
    fetch(gw.adminUrl + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if ((await admin('/db/_user/', { name: 'alice', password: 'secret' })).status >= 300) throw new Error('cannot create the user');
  const session = (await (await admin('/db/_session', { name: 'alice', ttl: 3600 })).json()) as { session_id: string; cookie_name: string };
  const dbUrl = `${gw.publicUrl}/db`;
  // The bare server answers the gateway's own reply to the same request.
  const body = await (await fetch(`${dbUrl}/`, { headers: { cookie: `${session.cookie_name}=${session.session_id}` } })).text();
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/db/`;
  const framework = createHttpApp();
  framework.get('/db/', async (_req, reply) => reply.type('application/json').send(body));
  const frameworkUrl = `${(await listen(framework)).url}/db/`;
  const servers: Servers = { bareUrl, frameworkUrl, dbUrl, cookie: `${session.cookie_name}=${session.session_id}` };
  console.log(JSON.stringify(servers));
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
}

async function main(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const first = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  const { bareUrl, frameworkUrl, dbUrl, cookie } = JSON.parse(String(first.value)) as Servers;
  const cases: [string, string, Record<string, string>][] = [
    ['bare node:http', bareUrl, {}],
    ['plain fastify route (ceiling)', frameworkUrl, {}],
    ['gateway, session cookie', `${dbUrl}/`, { cookie }],
    ['gateway, basic', `${dbUrl}/`, { authorization: `Basic ${Buffer.from('alice:secret').toString('base64')}` }],
  ];
  console.log(`GET /{db}/ over loopback, concurrency ${CONCURRENCY}, ${SECONDS} s per case (after a short warm-up)`);
  const results: { name: string; rps: number; errors: number }[] = [];
  for (const [name, url, headers] of cases) {
    await measure(url, headers, Math.min(1, SECONDS / 4));
    results.push({ name, ...(await measure(url, headers, SECONDS)) });
  }
  const byName = (n: string) => results.find((r) => r.name === n)!;
  const base = byName('bare node:http').rps;
  console.log(`${'case'.padEnd(30)} ${'req/s'.padStart(10)} ${'ratio'.padStart(7)} ${'errors'.padStart(7)}`);
  for (const r of results) console.log(`${r.name.padEnd(30)} ${r.rps.toFixed(0).padStart(10)} ${(r.rps / base).toFixed(2).padStart(7)} ${String(r.errors).padStart(7)}`);
  const ratio = byName('gateway, session cookie').rps / base;
  const pass = ratio >= TARGET && results.every((r) => r.errors === 0);
  console.log(`${pass ? 'PASS' : 'FAIL'}: cookie-authenticated rate is ${ratio.toFixed(2)}× the bare server's (target ≥ ${TARGET}×, no errors)`);
  child.stdin.end();
  process.exitCode = pass ? 0 : 1;
}

if (process.argv.includes('--serve')) await serve();
else await main();

/**
 * `tokenql serve`'s gateway on a worker thread of its own (docs/cli.md "serve", docs/security.md
 * "No stalls"): its own V8 isolate, heap and event loop, so that the query service's statements
 * (their work slices and their garbage collections) never delay a gateway request. The thread's
 * databases are their own query nodes of the same store, which only the PostgreSQL store allows
 * (DESIGN §8: tokenql processes in front of PostgreSQL are stateless query nodes).
 */
import { Worker } from 'node:worker_threads';
import type { LogLevel } from '../adapters/http/server.js';
import { workerModule } from '../worker-file.js';

/** The gateway running on its thread: its listeners' URLs; `close()` stops them and the thread. */
export interface GatewayThread {
  publicUrl: string;
  adminUrl: string;
  close(): Promise<void>;
}

type FromWorker = { kind: 'ready'; publicUrl: string; adminUrl: string } | { kind: 'error'; message: string } | { kind: 'log'; line: string; level: LogLevel } | { kind: 'closed' };

/**
 * Starts the gateway of `config` (a raw gateway configuration whose databases each name their
 * `server`) on a new worker thread, its log lines passed to `log`.
 * @throws Error with the gateway's own message when it cannot start (a bad configuration, a port in use)
 */
export async function startGatewayThread(config: Record<string, unknown>, log: (line: string, level: LogLevel) => void): Promise<GatewayThread> {
  // gateway-worker.js beside this module (dist/src/cli), gateway-worker.ts (the sources), or
  // gateway-worker.mjs beside the CLI bundle.
  const file = workerModule(import.meta.url, [['./gateway-worker.js', false], ['./gateway-worker.ts', true], ['./gateway-worker.mjs', false]], 'the gateway worker');
  const worker = new Worker(file, { workerData: { config } });
  const closed = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const urls = await new Promise<{ publicUrl: string; adminUrl: string }>((resolve, reject) => {
    worker.on('message', (m: FromWorker) => {
      if (m.kind === 'log') log(m.line, m.level);
      else if (m.kind === 'ready') resolve(m);
      else if (m.kind === 'error') reject(new Error(m.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the gateway thread exited (${code}) before it started`)));
  });
  return {
    ...urls,
    async close() {
      worker.postMessage('close');
      // The thread closes its listeners and databases, then ends; one that hangs is stopped.
      const timer = setTimeout(() => void worker.terminate(), 10_000);
      await closed;
      clearTimeout(timer);
    },
  };
}

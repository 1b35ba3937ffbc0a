/**
 * The gateway's listeners on a thread of their own (gateway-thread.ts starts it): `startGateway`
 * with the configuration in `workerData.config`, each database opening its own `Database` on its
 * `server` (a `postgres://` URL: one more query node of the same PostgreSQL database). Log lines
 * go to the parent thread. Messages to the parent: `{kind: 'ready', publicUrl, adminUrl}` or
 * `{kind: 'error', message}`, then `{kind: 'log', line, level}`; from it: `'close'`, answered by
 * `{kind: 'closed'}` once the listeners and databases are closed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { documentInfo, registerDocumentRoutes } from '../adapters/gateway/docs/index.js';
import { startGateway } from '../adapters/gateway/index.js';
import type { LogLevel } from '../adapters/http/server.js';

const port = parentPort!;
const { config } = workerData as { config: Record<string, unknown> };
const log = (line: string, level: LogLevel) => port.postMessage({ kind: 'log', line, level });
try {
  const gateway = await startGateway({ config, log, registerDocumentRoutes, documentInfo });
  port.on('message', (m: unknown) => {
    if (m !== 'close') return;
    void gateway.close().finally(() => {
      port.postMessage({ kind: 'closed' });
      port.close();
    });
  });
  port.postMessage({ kind: 'ready', publicUrl: gateway.publicUrl, adminUrl: gateway.adminUrl });
} catch (e) {
  port.postMessage({ kind: 'error', message: (e as Error).message });
  port.close();
}

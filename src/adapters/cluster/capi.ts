/**
 * The legacy CAPI listener (reference port 8092) with its one route,
 * `POST /{b}/_design/{ddoc}/_spatial/_compact` (spec compaction-reference §2.3, deprecated):
 * compacts the index files of that design document and answers `202 {"ok":true}`; the body must
 * be JSON (`415` otherwise); an unknown design document gives
 * `404 {"error":"not_found","reason":"missing"}`. Authentication, permission
 * (`cluster.bucket[b].views!read`) and bucket existence are checked first, as on 8091.
 */
import type { FastifyInstance } from 'fastify';
import { createHttpApp, sendJson, type HttpAppOptions } from '../http/server.js';
import { runCompaction } from './compaction.js';
import type { ClusterContext } from './context.js';
import { guard } from './guard.js';
import { effectiveSettings } from './settings.js';

export function capiApp(ctx: ClusterContext, http: HttpAppOptions): FastifyInstance {
  const app = createHttpApp(http);
  app.setNotFoundHandler((_request, reply) => sendJson(reply, 404, { error: 'not_found', reason: 'missing' }));
  app.post('/:bucket/_design/:ddoc/_spatial/_compact', async (request, reply) => {
    const { bucket, ddoc } = request.params as { bucket: string; ddoc: string };
    if (!(await guard(ctx, request, reply, { bucket, object: 'views', operation: 'read' }))) return reply;
    const type = (request.headers['content-type'] ?? '').toLowerCase();
    if (!type.startsWith('application/json')) {
      return sendJson(reply, 415, { error: 'bad_content_type', reason: 'Content-Type must be application/json' });
    }
    const designDoc = `_design/${ddoc}`;
    if (!(designDoc in ctx.db.bucketStats(bucket).views)) return sendJson(reply, 404, { error: 'not_found', reason: 'missing' });
    const meta = ctx.state.bucket(bucket)!;
    const purgeIntervalDays = effectiveSettings(ctx.state.global(), meta).purgeInterval;
    // Runs in the background as GeoCouch did; the answer does not wait for it.
    void runCompaction(ctx.db, bucket, { data: false, views: [designDoc], parallel: false, purgeIntervalDays }, new AbortController().signal, () => {})
      .catch((err: unknown) => ctx.log(`View compaction of \`${bucket}\`/${designDoc} failed: ${err instanceof Error ? err.message : String(err)}`));
    return sendJson(reply, 202, { ok: true });
  });
  return app;
}

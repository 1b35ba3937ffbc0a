/**
 * Manual compaction (spec compaction-reference §2.1, §2.2, §6): `compactBucket`,
 * `cancelBucketCompaction` and `GET /pools/default/tasks`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendJson } from '../http/server.js';
import { runCompaction } from './compaction.js';
import type { ClusterContext } from './context.js';
import { guard } from './guard.js';
import { effectiveSettings } from './settings.js';

function compactPermission(request: FastifyRequest): { bucket: string; operation: string } {
  return { bucket: (request.params as { bucket: string }).bucket, operation: 'compact' };
}

/**
 * Starts a manual compaction of the bucket unless one is running: the data file and every
 * design document's index files, ignoring thresholds and the time window (§6).
 */
export function startManualCompaction(ctx: ClusterContext, bucket: string): Promise<void> | undefined {
  return ctx.tasks.start(bucket, 'manual', async (signal, progress) => {
    const meta = ctx.state.bucket(bucket);
    if (!meta || meta.bucketType === 'ephemeral') return progress(100);
    const settings = effectiveSettings(ctx.state.global(), meta);
    const views = Object.keys(ctx.db.bucketStats(bucket).views).sort();
    const indexFragmentationPercent = ctx.state.global().index.indexFragmentationThreshold.percentage;
    const job = { data: true, views, parallel: settings.parallelDBAndViewCompaction, purgeIntervalDays: settings.purgeInterval, indexFragmentationPercent };
    try {
      await runCompaction(ctx.db, bucket, job, signal, progress);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      ctx.log(`User-triggered compaction of bucket \`${bucket}\` failed: ${reason}. See logs for detailed reason.`);
      return;
    }
    if (!signal.aborted) ctx.log(`User-triggered compaction of bucket \`${bucket}\` completed.`);
  });
}

export function compactionRoutes(app: FastifyInstance, ctx: ClusterContext): void {
  app.post('/pools/default/buckets/:bucket/controller/compactBucket', async (request, reply) => {
    const permission = compactPermission(request);
    if (!(await guard(ctx, request, reply, permission))) return reply;
    startManualCompaction(ctx, permission.bucket);
    return reply.code(200).send('');
  });

  app.post('/pools/default/buckets/:bucket/controller/cancelBucketCompaction', async (request, reply) => {
    const permission = compactPermission(request);
    if (!(await guard(ctx, request, reply, permission))) return reply;
    ctx.tasks.cancel(permission.bucket, 'manual');
    return reply.code(200).send('');
  });

  app.get('/pools/default/tasks', async (request, reply) => {
    if (!(await guard(ctx, request, reply, { object: 'tasks', operation: 'read' }))) return reply;
    return sendJson(reply, 200, [{ type: 'rebalance', status: 'notRunning', statusIsStale: false }, ...ctx.tasks.list()]);
  });
}

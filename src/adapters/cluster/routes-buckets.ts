/**
 * Bucket endpoints (spec compaction-reference §2.6, §2.7; issue 4 §3): list, create, read,
 * update (per-bucket auto-compaction settings) and delete.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { queryOf, sendJson } from '../http/server.js';
import { applyCompactionParams, checkCreateParams } from './bucket-params.js';
import type { ClusterContext } from './context.js';
import { formOf } from './form.js';
import { guard } from './guard.js';
import { isAllowed } from './rbac.js';
import { bucketCompactionJson, type BucketMeta } from './settings.js';
import { isInternalKeyspace } from './state.js';

type BucketParams = { bucket: string };
const SUMMARIES = { ramSummary: {}, hddSummary: {} };

function bucketName(request: FastifyRequest): string {
  return (request.params as BucketParams).bucket;
}

/** The JSON of one bucket (`GET /pools/default/buckets/{b}`). */
export function bucketJson(ctx: ClusterContext, meta: BucketMeta): Record<string, unknown> {
  const base = `/pools/default/buckets/${encodeURIComponent(meta.name)}`;
  const stats = ctx.db.bucketStats(meta.name);
  const views = Object.values(stats.views);
  const out: Record<string, unknown> = {
    name: meta.name,
    uuid: meta.uuid,
    bucketType: meta.bucketType,
    uri: `${base}?bucket_uuid=${meta.uuid}`,
  };
  if (meta.bucketType === 'membase') out.storageBackend = meta.storageBackend;
  Object.assign(out, bucketCompactionJson(meta, ctx.state.global()));
  out.controllers = {
    compactAll: `${base}/controller/compactBucket`,
    compactDB: `${base}/controller/compactDatabases`,
    purgeDeletes: `${base}/controller/unsafePurgeBucket`,
  };
  out.basicStats = {
    itemCount: stats.itemCount,
    diskUsed: stats.data.fileBytes + views.reduce((a, v) => a + v.fileBytes, 0),
    dataUsed: stats.data.liveBytes + views.reduce((a, v) => a + v.liveBytes, 0),
    opsPerSec: 0,
    diskFetches: 0,
  };
  return out;
}

export function bucketRoutes(app: FastifyInstance, ctx: ClusterContext): void {
  app.get('/pools/default/buckets', async (request, reply) => {
    const identity = await guard(ctx, request, reply);
    if (!identity) return reply;
    const visible = ctx.state.bucketNames().filter((b) => isAllowed(identity.roles, { bucket: b, object: 'settings', operation: 'read' }));
    return sendJson(reply, 200, visible.map((b) => bucketJson(ctx, ctx.state.bucket(b)!)));
  });

  app.post('/pools/default/buckets', async (request, reply) => {
    if (!(await guard(ctx, request, reply, { object: 'buckets', operation: 'create' }))) return reply;
    const form = formOf(request);
    const created = checkCreateParams(form, (n) => ctx.state.hasBucket(n), isInternalKeyspace);
    const meta: BucketMeta = {
      name: created.name,
      uuid: randomUUID().replace(/-/g, ''),
      bucketType: created.bucketType,
      storageBackend: created.storageBackend,
      autoCompaction: false,
    };
    const applied = applyCompactionParams(form, meta, ctx.state.global());
    const errors = { ...created.errors, ...applied.errors };
    if (Object.keys(errors).length > 0) return sendJson(reply, 400, { errors, summaries: SUMMARIES });
    if (queryOf(request).get('just_validate') === '1') return sendJson(reply, 200, { errors: {}, summaries: SUMMARIES });
    await ctx.db.createBucket(meta.name);
    await ctx.state.setBucket(applied.meta);
    return reply.code(202).send('');
  });

  app.get('/pools/default/buckets/:bucket', async (request, reply) => {
    const bucket = bucketName(request);
    if (!(await guard(ctx, request, reply, { bucket, object: 'settings', operation: 'read' }))) return reply;
    return sendJson(reply, 200, bucketJson(ctx, ctx.state.bucket(bucket)!));
  });

  app.post('/pools/default/buckets/:bucket', async (request, reply) => {
    const bucket = bucketName(request);
    if (!(await guard(ctx, request, reply, { bucket, object: 'settings', operation: 'write' }))) return reply;
    const meta = ctx.state.bucket(bucket)!;
    const { errors, meta: next } = applyCompactionParams(formOf(request), meta, ctx.state.global());
    if (Object.keys(errors).length > 0) return sendJson(reply, 400, { errors, summaries: SUMMARIES });
    if (queryOf(request).get('just_validate') === '1') return sendJson(reply, 202, { errors: {}, summaries: SUMMARIES });
    await ctx.state.setBucket(next);
    ctx.daemon.settingsChanged(bucket);
    return reply.code(200).send('');
  });

  app.delete('/pools/default/buckets/:bucket', async (request, reply) => {
    const bucket = bucketName(request);
    if (!(await guard(ctx, request, reply, { bucket, operation: 'delete' }))) return reply;
    await ctx.tasks.cancelAll(bucket);
    await ctx.db.dropBucket(bucket);
    await ctx.state.removeBucket(bucket);
    return reply.code(200).send('');
  });
}

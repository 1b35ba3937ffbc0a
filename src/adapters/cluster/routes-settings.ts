/**
 * Global auto-compaction settings (spec compaction-reference §2.4, §2.5):
 * `GET /settings/autoCompaction`, `POST /controller/setAutoCompaction` and `GET /pools/default`.
 */
import type { FastifyInstance } from 'fastify';
import { queryOf, sendJson } from '../http/server.js';
import type { ClusterContext } from './context.js';
import { checkGeneral, checkIndexFields, checkPurge, PURGE_MIN, type Errors } from './fields.js';
import { formOf } from './form.js';
import { guard } from './guard.js';
import { DEFAULT_PURGE_INTERVAL, globalJson, type GlobalState } from './settings.js';

const READ = { object: 'settings.autocompaction', operation: 'read' };
const WRITE = { object: 'settings.autocompaction', operation: 'write' };

/**
 * Validates a global POST. General errors hide a purge interval error (§2.4 precedence quirk).
 * Returns the errors, or the new state (the compaction part replaced as a whole, §4).
 */
export function validateGlobal(form: URLSearchParams, current: GlobalState): { errors: Errors } | { state: GlobalState } {
  const { errors, settings } = checkGeneral(form, current.autoCompaction);
  const index = checkIndexFields(form, current.index, errors);
  if (Object.keys(errors).length > 0) return { errors };
  const purge = checkPurge(form, PURGE_MIN, errors);
  if (Object.keys(errors).length > 0 || purge === undefined) return { errors };
  // `purgeInterval=undefined` means "back to the default" (the reference's stored "undefined"
  // would break later compactions, §2.4: not copied).
  const purgeInterval = purge === null ? current.purgeInterval : purge === 'undefined' ? DEFAULT_PURGE_INTERVAL : purge;
  return { state: { autoCompaction: settings, purgeInterval, index } };
}

export function settingsRoutes(app: FastifyInstance, ctx: ClusterContext): void {
  app.get('/settings/autoCompaction', async (request, reply) => {
    if (!(await guard(ctx, request, reply, READ))) return reply;
    return sendJson(reply, 200, globalJson(ctx.state.global()));
  });

  app.post('/controller/setAutoCompaction', async (request, reply) => {
    if (!(await guard(ctx, request, reply, WRITE))) return reply;
    const result = validateGlobal(formOf(request), ctx.state.global());
    if ('errors' in result) return sendJson(reply, 400, { errors: result.errors });
    if (queryOf(request).get('just_validate') === '1') return sendJson(reply, 200, { errors: {} });
    await ctx.state.setGlobal(result.state);
    ctx.daemon.settingsChanged();
    return sendJson(reply, 200, []);
  });

  app.get('/pools/default', async (request, reply) => {
    if (!(await guard(ctx, request, reply))) return reply;
    const uuid = ctx.state.clusterUuid();
    return sendJson(reply, 200, {
      name: 'default',
      autoCompactionSettings: globalJson(ctx.state.global()).autoCompactionSettings,
      buckets: { uri: `/pools/default/buckets?uuid=${uuid}` },
      tasks: { uri: '/pools/default/tasks' },
      controllers: {
        setAutoCompaction: { uri: '/controller/setAutoCompaction', validateURI: '/controller/setAutoCompaction?just_validate=1' },
      },
      nodes: [{ hostname: request.headers.host ?? '127.0.0.1', status: 'healthy', clusterMembership: 'active', services: ['kv'] }],
    });
  });
}

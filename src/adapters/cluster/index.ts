/**
 * The cluster admin REST adapter (DESIGN §6, spec compaction-reference.md): the auto-compaction
 * endpoints, buckets, tasks and local users on the admin listener (reference port 8091), an
 * optional legacy CAPI listener (8092) for `_spatial/_compact`, and the auto-compaction daemon.
 *
 * ```ts
 * const admin = await startClusterAdmin(db, { port: 8091, admin: { user: 'Administrator', password: 'password' } });
 * // … curl -u Administrator:password http://127.0.0.1:8091/settings/autoCompaction
 * await admin.close();
 * ```
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, PrivilegeNeed } from '../../index.js';
import { createHttpApp, listen, sendText, type Listener, type LogLevel } from '../http/server.js';
import { Authenticator, type RateLimited } from './auth.js';
import type { LoginLimits } from '../http/login-limiter.js';
import { queryAuthorizer } from './query-authorize.js';
import { isAllowed, parseRole, userInfoRow, type Role } from './rbac.js';
import { globalJson } from './settings.js';
import { addWorkbenchRoutes, type Workbench, type WorkbenchOptions } from '../workbench/index.js';
import { capiApp } from './capi.js';
import type { ClusterContext } from './context.js';
import { CompactionDaemon } from './daemon.js';
import { NOT_FOUND_TEXT } from './guard.js';
import { bucketRoutes } from './routes-buckets.js';
import { compactionRoutes } from './routes-compaction.js';
import { settingsRoutes } from './routes-settings.js';
import { userRoutes } from './routes-users.js';
import { groupRoutes } from './routes-groups.js';
import { ClusterState } from './state.js';
import { TaskRegistry } from './tasks.js';

export { needsCompaction, inWindow, mustAbort, nextRunDelay, planBucket } from './scheduler.js';
export type { CompactionDaemon } from './daemon.js';
export type { RateLimited } from './auth.js';

export interface ClusterAdminOptions {
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Admin port (default 8091; 0 = any free port). */
  port?: number;
  /** Port of the legacy CAPI listener (`_spatial/_compact`); omitted = no CAPI listener. */
  capiPort?: number;
  /** The first administrator: created (or given this password and the `admin` role) at start. */
  admin?: { user: string; password: string };
  /** Receives one line per request (no passwords, no Authorization headers) and the user-visible log. */
  log?: (line: string) => void;
  /** Level of the per-request lines handed to `log` as a prefix-free line (default `info`). */
  requestLogLevel?: LogLevel;
  /** Local time for the daemon's allowed time period (default: the system clock). */
  clock?: () => Date;
  /** Seconds between daemon iterations (default 30). */
  checkIntervalSeconds?: number;
  /** Do not start the daemon loop (its `runOnce` can still be called). */
  daemon?: false;
  /**
   * Failed-login limits per user name and per client address (defaults USER_LIMITS, ADDRESS_LIMITS
   * in auth.ts), and the delay of a refusal's 429 in milliseconds (default REFUSAL_DELAY_MS, 500).
   */
  loginLimits?: { user?: LoginLimits; address?: LoginLimits; refusalDelayMs?: number };
  /** Serve the query workbench at `/ui/` (docs/workbench.md); omitted = no workbench routes. */
  workbench?: WorkbenchOptions;
}

/** An authenticated query service user and its statement authoriser. */
export interface QueryPrincipal {
  user: string;
  authorize: (needs: PrivilegeNeed[]) => void;
}

export interface ClusterAdmin {
  /** `http://host:port` of the admin listener. */
  url: string;
  /** `http://host:port` of the CAPI listener, when started. */
  capiUrl?: string;
  /** The auto-compaction daemon (`runOnce()` runs one iteration at once, e.g. in tests). */
  daemon: CompactionDaemon;
  /** Checks a user's credentials against the cluster's users. */
  authenticate(user: string, password: string): Promise<boolean>;
  /**
   * The query service's principal for a request's Authorization header and client address: the
   * user and the `authorize` hook of its roles (N1QL privileges, {@link queryAuthorizer}),
   * {@link RateLimited} (→ 429) or undefined (→ 401). Shares the login limiter of 8091.
   */
  queryPrincipal(authorization: string | undefined, address: string): Promise<QueryPrincipal | RateLimited | undefined>;
  /** Whether the cluster has any user yet (stored ones included: a restart without `admin` keeps them). */
  hasUsers(): boolean;
  close(): Promise<void>;
}

/** Unknown routes (§0.2 step 1): no authentication is checked. */
function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  switch (request.method) {
    case 'POST':
      return sendText(reply, 404, NOT_FOUND_TEXT);
    case 'PUT':
    case 'DELETE':
      return sendText(reply, 404, 'Object Not Found');
    case 'GET':
    case 'HEAD':
      return sendText(reply, 404, 'Not found.\r\n');
    default:
      return sendText(reply, 405, 'Method Not Allowed');
  }
}

/** Starts the cluster admin listener(s) and the auto-compaction daemon. */
export async function startClusterAdmin(db: Database, options: ClusterAdminOptions = {}): Promise<ClusterAdmin> {
  const log = options.log ?? (() => {});
  const state = new ClusterState(db);
  await state.init();
  // system:user_info and system:applicable_roles list the cluster's users.
  db.userDirectory = () => state.users().map(userInfoRow);
  const auth = new Authenticator(state, { ...options.loginLimits, log });
  if (options.admin) await auth.saveUser(options.admin.user, ['admin'], options.admin.password);
  const tasks = new TaskRegistry(log);
  const daemon = new CompactionDaemon({ db, state, tasks, clock: options.clock, checkIntervalSeconds: options.checkIntervalSeconds, log });
  const ctx: ClusterContext = { db, state, auth, tasks, daemon, log };
  // Answers carry the bare types the reference sends (spec §0.2, §0.4: `Content-Type:
  // application/json`, `text/plain`), without fastify's `; charset=utf-8`; the CAPI listener
  // answers its errors as the admin port does.
  const http = {
    log: options.log ? (line: string) => log(line) : undefined,
    requestLogLevel: options.requestLogLevel,
    contentTypes: { json: 'application/json', text: 'text/plain' },
  };

  const app = createHttpApp(http);
  app.setNotFoundHandler(notFound);
  settingsRoutes(app, ctx);
  bucketRoutes(app, ctx);
  compactionRoutes(app, ctx);
  userRoutes(app, ctx);
  groupRoutes(app, ctx);
  let workbench: Workbench | undefined;
  if (options.workbench) {
    // The user's own roles and its groups' (as a login on 8091/8093 gets them).
    const rolesOf = (user: string): Role[] => {
      const stored = state.user(user);
      return stored ? state.effectiveRoles(stored).map(parseRole).filter((r): r is Role => r !== undefined) : [];
    };
    workbench = await addWorkbenchRoutes(
      app,
      {
        db,
        log: (line) => log(line),
        async login(user, password, address) {
          const r = await auth.authenticate('Basic ' + Buffer.from(`${user}:${password}`).toString('base64'), address);
          return r && 'retryAfter' in r ? r : r ? { user: r.id } : undefined;
        },
        principal(user) {
          const stored = state.user(user);
          const roles = rolesOf(user);
          if (!stored || roles.length === 0) return undefined;
          return { user, roles: state.effectiveRoles(stored), authorize: queryAuthorizer(roles), info: userInfoRow(stored) };
        },
        // What GET /settings/autoCompaction and GET /pools/default/tasks would answer this user.
        cluster(user) {
          const roles = rolesOf(user);
          return {
            autoCompaction: isAllowed(roles, { object: 'settings.autocompaction', operation: 'read' }) ? globalJson(state.global()) : null,
            tasks: isAllowed(roles, { object: 'tasks', operation: 'read' }) ? tasks.list() : null,
          };
        },
      },
      options.workbench,
    );
  }
  const listeners: Listener[] = [await listen(app, options.host ?? '127.0.0.1', options.port ?? 8091)];
  let capiUrl: string | undefined;
  if (options.capiPort !== undefined) {
    const capi = await listen(capiApp(ctx, http), options.host ?? '127.0.0.1', options.capiPort);
    listeners.push(capi);
    capiUrl = capi.url;
  }
  if (options.daemon !== false) daemon.start();
  return {
    url: listeners[0]!.url,
    capiUrl,
    daemon,
    authenticate: async (user, password) => {
      const r = await auth.authenticate('Basic ' + Buffer.from(`${user}:${password}`).toString('base64'));
      return r !== undefined && !('retryAfter' in r);
    },
    async queryPrincipal(authorization, address) {
      const r = await auth.authenticate(authorization, address);
      if (!r || 'retryAfter' in r) return r;
      const stored = state.user(r.id);
      return { user: r.id, authorize: queryAuthorizer(r.roles), ...(stored ? { info: userInfoRow(stored) } : {}) };
    },
    hasUsers: () => state.users().length > 0,
    async close() {
      workbench?.close();
      await daemon.stop();
      await tasks.cancelAll();
      await Promise.all(listeners.map((l) => l.close()));
    },
  };
}

/**
 * Shared fixture of the cluster admin tests (compaction-scenarios.md "Fixture"): a server on
 * 127.0.0.1 with a random port, buckets `default`, `other` (Couchbase) and `eph` (Ephemeral),
 * the local users, and RESET.
 */
import { Database } from '../../../src/index.js';
import { startClusterAdmin, type ClusterAdmin, type ClusterAdminOptions } from '../../../src/adapters/cluster/index.js';

export const ADMIN = 'Administrator:password';
export const PW = 'Passw0rd!';
export const USERS: Record<string, string> = {
  u_ro: 'ro_admin',
  u_cluster: 'cluster_admin',
  u_bstar: 'bucket_admin[*]',
  u_bdef: 'bucket_admin[default]',
  u_bother: 'bucket_admin[other]',
  u_app: 'bucket_full_access[default]',
  u_stats: 'external_stats_reader',
  u_backup: 'backup_admin',
};

export const RESET_BODY =
  'parallelDBAndViewCompaction=false&databaseFragmentationThreshold[percentage]=30&databaseFragmentationThreshold[size]=undefined&viewFragmentationThreshold[percentage]=30&viewFragmentationThreshold[size]=undefined&purgeInterval=3&indexCompactionMode=circular&indexFragmentationThreshold[percentage]=30&indexCircularCompaction[daysOfWeek]=Sunday,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday&indexCircularCompaction[interval][fromHour]=0&indexCircularCompaction[interval][fromMinute]=0&indexCircularCompaction[interval][toHour]=0&indexCircularCompaction[interval][toMinute]=0&indexCircularCompaction[interval][abortOutside]=false';

export const DEFAULT_GLOBAL = {
  autoCompactionSettings: {
    parallelDBAndViewCompaction: false,
    magmaFragmentationPercentage: 50,
    databaseFragmentationThreshold: { percentage: 30, size: 'undefined' },
    viewFragmentationThreshold: { percentage: 30, size: 'undefined' },
    indexCompactionMode: 'circular',
    indexCircularCompaction: {
      daysOfWeek: 'Sunday,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday',
      interval: { fromHour: 0, toHour: 0, fromMinute: 0, toMinute: 0, abortOutside: false },
    },
    indexFragmentationThreshold: { percentage: 30 },
  },
  purgeInterval: 3,
};

export const FORM = 'application/x-www-form-urlencoded';
export const NOT_FOUND_TEXT = 'Requested resource not found.\r\n';

export interface Reply {
  status: number;
  type: string;
  text: string;
  headers: Headers;
  json(): any;
}

export interface Client {
  server: ClusterAdmin;
  db: Database;
  /** `auth` is `user:password` (`null` for none); `form` is sent as a form body. */
  req(method: string, path: string, opts?: { auth?: string | null; form?: string; body?: string; type?: string; base?: string }): Promise<Reply>;
  /** POST a form as ADMIN. */
  post(path: string, form: string, auth?: string | null): Promise<Reply>;
  get(path: string, auth?: string | null): Promise<Reply>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

function authHeader(auth: string): string {
  return `Basic ${Buffer.from(auth).toString('base64')}`;
}

/** Starts a server with the fixture's buckets and users. */
export async function startFixture(options: Partial<ClusterAdminOptions> = {}, db?: Database): Promise<Client> {
  const database = db ?? (await Database.open());
  const server = await startClusterAdmin(database, { port: 0, admin: { user: 'Administrator', password: 'password' }, ...options });
  const req: Client['req'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = {};
    const auth = opts.auth === undefined ? ADMIN : opts.auth;
    if (auth !== null) headers.authorization = authHeader(auth);
    let body: string | undefined = opts.body;
    if (opts.form !== undefined) {
      body = opts.form;
      headers['content-type'] = FORM;
    }
    if (opts.type) headers['content-type'] = opts.type;
    const res = await fetch(`${opts.base ?? server.url}${path}`, { method, headers, body });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type') ?? '', text, headers: res.headers, json: () => JSON.parse(text) };
  };
  const client: Client = {
    server,
    db: database,
    req,
    post: (path, form, auth) => req('POST', path, { form, auth }),
    get: (path, auth) => req('GET', path, { auth }),
    async reset() {
      const a = await client.post('/controller/setAutoCompaction', RESET_BODY);
      const b = await client.post('/pools/default/buckets/default', 'autoCompactionDefined=false');
      const c = await client.post('/pools/default/buckets/other', 'autoCompactionDefined=false');
      if (a.status !== 200 || a.text !== '[]' || b.status !== 200 || c.status !== 200) throw new Error(`RESET failed: ${a.status} ${a.text}`);
    },
    close: () => server.close(),
  };
  for (const [name, type] of [['default', 'couchbase'], ['other', 'couchbase'], ['eph', 'ephemeral']]) {
    const r = await client.post('/pools/default/buckets', `name=${name}&bucketType=${type}&ramQuota=100`);
    if (r.status !== 202) throw new Error(`create ${name}: ${r.status} ${r.text}`);
  }
  await Promise.all(Object.entries(USERS).map(async ([user, role]) => {
    const r = await req('PUT', `/settings/rbac/users/local/${user}`, { form: `password=${encodeURIComponent(PW)}&roles=${encodeURIComponent(role)}` });
    if (r.status !== 200) throw new Error(`user ${user}: ${r.status} ${r.text}`);
  }));
  return client;
}

/** `user:Passw0rd!` */
export function as(user: string): string {
  return `${user}:${PW}`;
}

/** A 403 body naming the permission. */
export function forbiddenBody(permission: string): unknown {
  return { message: 'Forbidden. User needs the following permissions', permissions: [permission] };
}

/** Asserts "401": empty body and the Basic challenge. */
export function is401(r: Reply): boolean {
  return r.status === 401 && r.text === '' && r.headers.get('www-authenticate') === 'Basic realm="Couchbase Server Admin / REST"';
}

/** Asserts "404-text". */
export function is404Text(r: Reply): boolean {
  return r.status === 404 && r.type === 'text/plain' && r.text === NOT_FOUND_TEXT;
}

/**
 * The gateway configuration file (seed area A "Configuration file", spec gateway-reference.md §6):
 * `interface`, `adminInterface`, `log`, `databases.<db>.{server, bucket, users (with GUEST), guest,
 * oidc.providers.<label>.{issuer, client_id, register, username_claim, user_prefix, discovery_url},
 * session_cookie_*, allow_empty_password, disable_password_auth, send_www_authenticate_header,
 * cors, unsupported.same_site_cookie, login_rate_limit}`. Unknown keys are errors (as the
 * reference's legacy loader); every error names the key path.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError, bool, object, onlyKeys, parseInterface, positive, providers, str, strings, user, type Obj } from './config-fields.js';

export { ConfigError, parseInterface } from './config-fields.js';

export interface ConfigUser {
  password?: string;
  disabled?: boolean;
  admin_channels?: string[];
  admin_roles?: string[];
  email?: string;
}

export interface OidcProviderConfig {
  label: string;
  issuer: string;
  client_id: string;
  register: boolean;
  username_claim?: string;
  user_prefix?: string;
  discovery_url?: string;
}

export interface LoginRateLimit {
  /** Failures per user and address before logins are slowed (default 5). */
  max_failures: number;
  /** Failures older than this are forgotten (default 300 s). */
  window_seconds: number;
  /** First lockout; it doubles with each further failure (default 5 s). */
  lockout_seconds: number;
  /** Longest lockout (default 300 s). */
  max_lockout_seconds: number;
}

export interface DatabaseConfig {
  name: string;
  /** Data directory of the tokenql store (a `file:` URL is turned into a path), or a `postgres://` URL (the PostgreSQL store). */
  server?: string;
  bucket: string;
  users: Record<string, ConfigUser>;
  guest?: ConfigUser;
  providers: OidcProviderConfig[];
  session_cookie_name: string;
  session_cookie_secure: boolean;
  session_cookie_http_only: boolean;
  same_site_cookie?: 'Lax' | 'Strict' | 'None' | 'Default';
  allow_empty_password: boolean;
  disable_password_auth: boolean;
  send_www_authenticate_header: boolean;
  cors?: { origin: string[]; login_origin: string[]; headers: string[]; max_age?: number };
  login_rate_limit: LoginRateLimit;
}

export interface GatewayConfig {
  /** `host:port` of the public API (default `:4984`, every interface). */
  interface: string;
  /** `host:port` of the admin API (default `127.0.0.1:4985`). */
  adminInterface: string;
  log: string[];
  databases: DatabaseConfig[];
}

const DB_KEYS = ['name', 'server', 'bucket', 'users', 'guest', 'oidc', 'session_cookie_name', 'session_cookie_secure', 'session_cookie_http_only',
  'allow_empty_password', 'disable_password_auth', 'send_www_authenticate_header', 'cors', 'unsupported', 'login_rate_limit'];

function database(name: string, v: unknown): DatabaseConfig {
  const key = `databases.${name}`;
  if (!/^[a-z][a-z0-9_$()+-]*$/.test(name)) throw new ConfigError(key, 'a database name starts with a lower-case letter and uses a-z 0-9 _ $ ( ) + -');
  const o = object(v, key);
  onlyKeys(o, key, DB_KEYS);
  const users: Record<string, ConfigUser> = {};
  let guest = o.guest === undefined ? undefined : user(o.guest, `${key}.guest`);
  for (const [n, u] of Object.entries(o.users === undefined ? {} : object(o.users, `${key}.users`))) {
    if (n === 'GUEST') guest = user(u, `${key}.users.GUEST`);
    else users[n] = user(u, `${key}.users.${n}`);
  }
  const cors = o.cors === undefined ? undefined : object(o.cors, `${key}.cors`);
  if (cors) onlyKeys(cors, `${key}.cors`, ['origin', 'login_origin', 'headers', 'max_age']);
  const unsupported = o.unsupported === undefined ? {} : object(o.unsupported, `${key}.unsupported`);
  onlyKeys(unsupported, `${key}.unsupported`, ['same_site_cookie']);
  const sameSite = str(unsupported.same_site_cookie, `${key}.unsupported.same_site_cookie`);
  if (sameSite !== undefined && !['Lax', 'Strict', 'None', 'Default'].includes(sameSite)) throw new ConfigError(`${key}.unsupported.same_site_cookie`, 'must be Lax, Strict, None or Default');
  const rl = o.login_rate_limit === undefined ? {} : object(o.login_rate_limit, `${key}.login_rate_limit`);
  onlyKeys(rl, `${key}.login_rate_limit`, ['max_failures', 'window_seconds', 'lockout_seconds', 'max_lockout_seconds']);
  let server = str(o.server, `${key}.server`, true);
  if (server?.startsWith('file:')) server = fileURLToPath(server);
  const cookieName = str(o.session_cookie_name, `${key}.session_cookie_name`, true) ?? 'GatewaySession';
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(cookieName)) throw new ConfigError(`${key}.session_cookie_name`, 'is not a valid cookie name');
  return {
    name, server, users, guest,
    bucket: str(o.bucket, `${key}.bucket`, true) ?? name,
    providers: providers(o.oidc, `${key}.oidc`),
    session_cookie_name: cookieName,
    session_cookie_secure: bool(o.session_cookie_secure, `${key}.session_cookie_secure`) ?? false,
    session_cookie_http_only: bool(o.session_cookie_http_only, `${key}.session_cookie_http_only`) ?? false,
    same_site_cookie: sameSite as DatabaseConfig['same_site_cookie'],
    allow_empty_password: bool(o.allow_empty_password, `${key}.allow_empty_password`) ?? false,
    disable_password_auth: bool(o.disable_password_auth, `${key}.disable_password_auth`) ?? false,
    send_www_authenticate_header: bool(o.send_www_authenticate_header, `${key}.send_www_authenticate_header`) ?? true,
    cors: cors && {
      origin: strings(cors.origin, `${key}.cors.origin`) ?? [],
      login_origin: strings(cors.login_origin, `${key}.cors.login_origin`) ?? [],
      headers: strings(cors.headers, `${key}.cors.headers`) ?? [],
      max_age: cors.max_age === undefined ? undefined : positive(cors.max_age, `${key}.cors.max_age`, 0),
    },
    login_rate_limit: {
      max_failures: positive(rl.max_failures, `${key}.login_rate_limit.max_failures`, 5),
      window_seconds: positive(rl.window_seconds, `${key}.login_rate_limit.window_seconds`, 300),
      lockout_seconds: positive(rl.lockout_seconds, `${key}.login_rate_limit.lockout_seconds`, 5),
      max_lockout_seconds: positive(rl.max_lockout_seconds, `${key}.login_rate_limit.max_lockout_seconds`, 300),
    },
  };
}

/** Validates a parsed configuration (top-level keys matched without regard to case, §6.1). */
export function parseGatewayConfig(raw: unknown): GatewayConfig {
  const top = object(raw, '(top level)');
  const o: Obj = {};
  const allowed = ['interface', 'admininterface', 'log', 'databases'];
  for (const [k, v] of Object.entries(top)) {
    if (!allowed.includes(k.toLowerCase())) throw new ConfigError(k, `unknown key (allowed: interface, adminInterface, log, databases)`);
    o[k.toLowerCase()] = v;
  }
  const iface = str(o.interface, 'interface', true) ?? ':4984';
  const adminInterface = str(o.admininterface, 'adminInterface', true) ?? '127.0.0.1:4985';
  parseInterface(iface, 'interface');
  parseInterface(adminInterface, 'adminInterface');
  const dbs = Object.entries(object(o.databases, 'databases')).map(([name, v]) => database(name, v));
  if (dbs.length === 0) throw new ConfigError('databases', 'needs at least one database');
  return { interface: iface, adminInterface, log: strings(o.log, 'log') ?? [], databases: dbs };
}

/** Reads and validates a configuration file. */
export function loadGatewayConfig(path: string): GatewayConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(path, `cannot read: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(path, `invalid JSON: ${(err as Error).message}`);
  }
  return parseGatewayConfig(raw);
}

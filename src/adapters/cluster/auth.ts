/**
 * HTTP Basic authentication against the local users of the `_system` keyspace. Passwords are
 * stored only as a salted scrypt hash (N = 2^14, r = 8, p = 1). Verified credentials are
 * remembered as an HMAC under a per-process random key (never the password itself), so that a
 * client sending the same credentials on every request pays for scrypt once.
 */
import { createHmac, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { parseRole, type Role } from './rbac.js';
import type { ClusterState, StoredUser } from './state.js';

const N = 1 << 14;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r, p, maxmem: 64 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** A salted slow hash of a password: `scrypt$N$r$p$salt$hash` (base64 parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** True if the password matches a hash made by {@link hashPassword}. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const expected = Buffer.from(parts[5]!, 'base64');
  const actual = await scrypt(password, Buffer.from(parts[4]!, 'base64'), Number(parts[1]), Number(parts[2]), Number(parts[3]));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The credentials of a `Basic` Authorization header; undefined if absent or malformed. */
export function parseBasic(header: string | undefined): { user: string; password: string } | undefined {
  if (!header) return undefined;
  const m = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(header);
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** An authenticated user. */
export interface Identity {
  id: string;
  roles: Role[];
}

/** Checks credentials; one instance per server. */
export class Authenticator {
  private readonly secret = randomBytes(32);
  /** user id → HMAC of (stored hash, password) of the last credentials verified. */
  private readonly verified = new Map<string, string>();

  constructor(private readonly state: ClusterState) {}

  /** The identity for an Authorization header, or undefined (→ 401). Users without roles get 401 too. */
  async authenticate(header: string | undefined): Promise<Identity | undefined> {
    const creds = parseBasic(header);
    if (!creds) return undefined;
    const user = this.state.user(creds.user);
    if (!user) return undefined;
    const mac = createHmac('sha256', this.secret).update(user.passwordHash).update('\0').update(creds.password).digest('base64');
    if (this.verified.get(user.id) !== mac) {
      if (!(await verifyPassword(creds.password, user.passwordHash))) return undefined;
      this.verified.set(user.id, mac);
    }
    const roles = user.roles.map(parseRole).filter((r): r is Role => r !== undefined);
    return roles.length > 0 ? { id: user.id, roles } : undefined;
  }

  /** Creates or replaces a user; a new password is hashed, none keeps the old hash. */
  async saveUser(id: string, roles: string[], password: string | undefined, name = ''): Promise<StoredUser> {
    const old = this.state.user(id);
    const passwordHash = password !== undefined ? await hashPassword(password) : old?.passwordHash;
    if (passwordHash === undefined) throw new Error('a new user needs a password');
    const user: StoredUser = { id, name, roles, passwordHash };
    await this.state.setUser(user);
    this.verified.delete(id);
    return user;
  }

  forget(id: string): void {
    this.verified.delete(id);
  }
}

/**
 * Gateway users (spec gateway-reference.md §1, §3.2, §7): documents `user::<db>::<name>` of the
 * `_gateway` keyspace (the GUEST is `user::<db>::`), passwords stored only as a salted scrypt hash
 * (any length; the reference's bcrypt fails above 72 bytes), name and password rules, and a
 * per-user `session_uuid` whose change revokes every session of the user (§4.4).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { cloneValue, type Database, type Value } from '../../index.js';
import { hashPassword, verifyPassword } from '../cluster/auth.js';

export const GATEWAY_KEYSPACE = '_gateway';

export interface StoredUser {
  /** `''` for the GUEST. */
  name: string;
  password_hash?: string;
  email?: string;
  disabled: boolean;
  admin_channels: string[];
  admin_roles: string[];
  session_uuid?: string;
  jwt_issuer?: string;
  jwt_roles?: string[];
  jwt_channels?: string[];
  jwt_last_updated?: string;
}

/** The reference's name rules (§1.2): the `invalid name: …` messages, or undefined when valid. */
export function nameProblems(name: string): string | undefined {
  const msgs: string[] = [];
  if (Buffer.byteLength(name) > 239) msgs.push('length exceeds 239');
  if (Buffer.from(name, 'utf8').toString('utf8') !== name) msgs.push('non UTF-8 encoding');
  if (/[/:,`]/.test(name)) msgs.push("contains '/', ':', ',', or '`'");
  if (!/[\p{L}\p{N}]/u.test(name)) msgs.push('must contain alphanumeric');
  return msgs.length ? msgs.join('; ') : undefined;
}

/** The reference's password rule (§1.2): an error message or undefined. */
export function passwordProblem(password: string | undefined, allowEmpty: boolean): string | undefined {
  if (password === undefined || password === '') return allowEmpty ? undefined : 'Empty passwords are not allowed ';
  if (Buffer.byteLength(password) < 3) return 'Passwords must be at least three 3 characters';
  return undefined;
}

export const EMAIL = /^[^@]+@[^@]+$/;

/** The user's effective channels, sorted, with `!` (§1.4 `all_channels`). */
export function allChannels(u: StoredUser): string[] {
  return [...new Set(['!', ...u.admin_channels, ...(u.jwt_channels ?? [])])].sort();
}

/** The user's roles (explicit and from the ID token), sorted. */
export function allRoles(u: StoredUser): string[] {
  return [...new Set([...u.admin_roles, ...(u.jwt_roles ?? [])])].sort();
}

export function newSessionUuid(): string {
  return randomBytes(16).toString('hex');
}

/** Typed access to one database's users. */
export class UserStore {
  private readonly secret = randomBytes(32);
  /** user name → HMAC of (hash, password) of the last credentials verified (never the password). */
  private readonly verified = new Map<string, string>();

  constructor(private readonly db: Database, readonly dbName: string) {}

  private key(name: string): string {
    return `user::${this.dbName}::${name}`;
  }

  get(name: string): StoredUser | undefined {
    const doc = this.db.get(GATEWAY_KEYSPACE, this.key(name));
    // A private copy: callers may change it before saving; stored values are frozen.
    return doc ? (cloneValue(doc.value) as unknown as StoredUser) : undefined;
  }

  /** The GUEST: its saved document, else the default (disabled, no channels). */
  guest(): StoredUser {
    return this.get('') ?? { name: '', disabled: true, admin_channels: [], admin_roles: [] };
  }

  /** Whether the GUEST has a saved document (from the config or the admin API). */
  hasGuest(): boolean {
    return this.db.get(GATEWAY_KEYSPACE, this.key('')) !== undefined;
  }

  async save(user: StoredUser): Promise<void> {
    // `upsert` stores its own copy (fields left undefined are dropped, as JSON would).
    await this.db.upsert(GATEWAY_KEYSPACE, this.key(user.name), user as unknown as Value);
    this.verified.delete(user.name);
  }

  /** Deletes a user; never the GUEST (`''`), which can only be disabled (§1.6): false. */
  async remove(name: string): Promise<boolean> {
    if (name === '') return false;
    this.verified.delete(name);
    return this.db.remove(GATEWAY_KEYSPACE, this.key(name));
  }

  /** Names of the users (GUEST excluded), sorted. */
  names(): string[] {
    const prefix = this.key('');
    const out: string[] = [];
    for (const doc of this.db.scan(GATEWAY_KEYSPACE)) {
      if (doc.key.startsWith(prefix) && doc.key.length > prefix.length) out.push(doc.key.slice(prefix.length));
    }
    return out.sort();
  }

  /** Sets a new password hash and rotates the session UUID (§1.3: any password revokes sessions). */
  async withPassword(user: StoredUser, password: string): Promise<StoredUser> {
    return { ...user, password_hash: password === '' ? '' : await hashPassword(password), session_uuid: newSessionUuid() };
  }

  /**
   * Checks a name and password: the user if it exists, is enabled and the password matches.
   * A successful check is remembered as an HMAC so that clients sending Basic credentials on
   * every request pay for scrypt once; failures (unknown, disabled, wrong password) are always
   * slow. Raises QueueFull when too many hashes wait ({@link hashPassword}).
   */
  async authenticate(name: string, password: string): Promise<StoredUser | undefined> {
    const user = name === '' ? undefined : this.get(name);
    // An unknown or disabled user costs a full hash, as a wrong password does: the answer time
    // tells nothing about which names exist or are disabled, and a disabled user's remembered
    // credentials are never a shortcut.
    if (!user || user.password_hash === undefined || user.disabled) {
      if (user?.password_hash) await verifyPassword(password, user.password_hash);
      else await hashPassword(password);
      return undefined;
    }
    const hash = user.password_hash;
    const mac = createHmac('sha256', this.secret).update(hash).update('\0').update(password).digest('base64');
    if (this.verified.get(name) !== mac) {
      const ok = hash === '' ? password === '' : await verifyPassword(password, hash);
      if (!ok) return undefined;
      this.verified.set(name, mac);
    }
    return user;
  }
}

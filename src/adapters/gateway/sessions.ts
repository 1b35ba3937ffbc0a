/**
 * Gateway sessions (spec gateway-reference.md §2, §4): documents `session::<db>::<id>` of the
 * `_gateway` keyspace with a document expiration at `expires`, 40-hex-char random ids, the
 * user's `session_uuid` at creation, one-time sessions, and the sliding refresh (§4.3). Unlike
 * the reference, the stored expiration is also checked against the clock (§4.1).
 */
import { randomBytes } from 'node:crypto';
import type { Database, Value } from '../../index.js';
import { GATEWAY_KEYSPACE, type StoredUser, type UserStore } from './users.js';

export interface StoredSession {
  id: string;
  username: string;
  /** Absolute expiry, ms since the epoch. */
  expiration: number;
  /** Seconds. */
  ttl: number;
  session_uuid: string;
  one_time?: boolean;
}

/** Why a session does not authenticate (§0 "The fixed 401 reasons"). */
export type SessionCheck =
  | { ok: true; session: StoredSession; user: StoredUser }
  | { ok: false; reason: 'Session Invalid' | 'Session no longer valid for user' };

const ID = /^[0-9a-f]{40}$/;

export class SessionStore {
  constructor(
    private readonly db: Database,
    private readonly users: UserStore,
    private readonly clock: () => number,
  ) {}

  private key(id: string): string {
    return `session::${this.users.dbName}::${id}`;
  }

  private async write(s: StoredSession): Promise<void> {
    // Absolute Unix seconds: the store expires the document at the session's end.
    await this.db.upsert(GATEWAY_KEYSPACE, this.key(s.id), s as unknown as Value, { expiration: Math.ceil(s.expiration / 1000) });
  }

  /** Creates a session of `ttl` seconds for a user. */
  async create(user: StoredUser, ttl: number, oneTime = false): Promise<StoredSession> {
    const session: StoredSession = {
      id: randomBytes(20).toString('hex'),
      username: user.name,
      expiration: this.clock() + ttl * 1000,
      ttl,
      session_uuid: user.session_uuid ?? '',
      ...(oneTime ? { one_time: true } : {}),
    };
    await this.write(session);
    return session;
  }

  /** The live session with this id (undefined if unknown, malformed or past its expiration). */
  get(id: string): StoredSession | undefined {
    if (!ID.test(id)) return undefined;
    const doc = this.db.get(GATEWAY_KEYSPACE, this.key(id));
    if (!doc) return undefined;
    const s = doc.value as unknown as StoredSession;
    return this.clock() >= s.expiration ? undefined : { ...s };
  }

  async remove(id: string): Promise<boolean> {
    if (!ID.test(id)) return false;
    return this.db.remove(GATEWAY_KEYSPACE, this.key(id));
  }

  /**
   * Checks a session for use: it must be live, its user must exist, be enabled (unlike the
   * reference, §4.6) and still carry the session's UUID (§4.4).
   */
  check(id: string): SessionCheck {
    const session = this.get(id);
    if (!session) return { ok: false, reason: 'Session Invalid' };
    const user = session.username === '' ? this.users.guest() : this.users.get(session.username);
    if (!user || (user.session_uuid ?? '') !== session.session_uuid || user.disabled) {
      return { ok: false, reason: 'Session no longer valid for user' };
    }
    return { ok: true, session, user };
  }

  /**
   * The sliding expiry (§4.3): once more than a tenth of the ttl has elapsed since the session
   * was last issued, it is extended to now + ttl; returns the new expiration, or undefined.
   */
  async refresh(session: StoredSession): Promise<number | undefined> {
    if (session.one_time) return undefined;
    const now = this.clock();
    const ttlMs = (session.ttl || 86400) * 1000;
    if (now + ttlMs - session.expiration <= ttlMs / 10) return undefined;
    const updated = { ...session, expiration: now + ttlMs };
    await this.write(updated);
    return updated.expiration;
  }
}

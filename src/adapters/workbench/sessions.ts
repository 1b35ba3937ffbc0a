/**
 * The workbench's login sessions (docs/workbench.md, "Security model"): an opaque random id in a
 * cookie (`HttpOnly; SameSite=Strict; Path=/ui`), kept only in this process's memory, with the
 * user's id, its CSRF token and the statements it is running. A session ends at logout, after
 * {@link IDLE_MS} without a request or {@link MAX_AGE_MS} after login, and when the server stops.
 * The user's roles are not copied into the session: each request reads them anew, so that a role
 * taken away (or a user deleted) applies at once.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'tokenql_ui_session';
/** A session ends after this long without a request (30 minutes). */
export const IDLE_MS = 30 * 60_000;
/** A session ends this long after its login whatever its use (8 hours). */
export const MAX_AGE_MS = 8 * 3_600_000;
/** Most sessions kept at once; a login past it ends the least recently used one. */
export const MAX_SESSIONS = 1000;

export interface Session {
  id: string;
  user: string;
  /** The token a POST must carry in its `X-CSRF-Token` header. */
  csrf: string;
  created: number;
  lastSeen: number;
  /** Running statements by client_context_id: their abort controllers (Cancel). */
  running: Map<string, AbortController>;
}

/** In-memory session store; `clock` is injectable for tests (ms). */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** Opens a session for a user who has just logged in (a new id each login: no fixation). */
  open(user: string): Session {
    this.sweep();
    if (this.sessions.size >= MAX_SESSIONS) this.end(this.sessions.keys().next().value!);
    const now = this.clock();
    const s: Session = { id: randomBytes(32).toString('base64url'), user, csrf: randomBytes(32).toString('base64url'), created: now, lastSeen: now, running: new Map() };
    this.sessions.set(s.id, s);
    return s;
  }

  /** The live session of a cookie value (its idle time restarts), or undefined. */
  get(id: string | undefined): Session | undefined {
    if (!id) return undefined;
    const s = this.sessions.get(id);
    if (!s) return undefined;
    const now = this.clock();
    if (now - s.lastSeen > IDLE_MS || now - s.created > MAX_AGE_MS) {
      this.end(id);
      return undefined;
    }
    s.lastSeen = now;
    // Map order = least recently used first.
    this.sessions.delete(id);
    this.sessions.set(id, s);
    return s;
  }

  /** Ends a session and cancels its running statements. */
  end(id: string): void {
    const s = this.sessions.get(id);
    if (!s) return;
    this.sessions.delete(id);
    for (const c of s.running.values()) c.abort();
  }

  /** Ends every session (server stop). */
  endAll(): void {
    for (const id of [...this.sessions.keys()]) this.end(id);
  }

  private sweep(): void {
    const now = this.clock();
    for (const [id, s] of this.sessions) if (now - s.lastSeen > IDLE_MS || now - s.created > MAX_AGE_MS) this.end(id);
  }
}

/** Constant-time comparison of a request's CSRF header with the session's token. */
export function csrfMatches(session: Session, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  const a = Buffer.from(header);
  const b = Buffer.from(session.csrf);
  return a.length === b.length && timingSafeEqual(a, b);
}

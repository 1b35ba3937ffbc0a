/**
 * One configured gateway database at run time (DESIGN §6, spec gateway-reference.md §3.2, §6.2):
 * its configuration, store, users, sessions, OIDC verifier and login limiter; installing the
 * configuration's users (created only if missing) and GUEST (re-applied at every start).
 */
import type { Database } from '../../index.js';
import type { ConfigUser, DatabaseConfig } from './config.js';
import { LoginLimiter } from './rate-limit.js';
import { OidcVerifier, type OidcOptions } from './oidc.js';
import { SessionStore } from './sessions.js';
import { EMAIL, UserStore, allChannels, nameProblems, passwordProblem, type StoredUser } from './users.js';

export class GatewayDatabase {
  readonly users: UserStore;
  readonly sessions: SessionStore;
  readonly oidc: OidcVerifier | undefined;
  readonly limiter: LoginLimiter;

  constructor(
    readonly cfg: DatabaseConfig,
    readonly db: Database,
    readonly clock: () => number,
    readonly log: (line: string) => void,
    oidcOptions: OidcOptions = {},
  ) {
    this.users = new UserStore(db, cfg.name);
    this.sessions = new SessionStore(db, this.users, clock);
    this.oidc = cfg.providers.length ? new OidcVerifier(cfg.providers, clock, oidcOptions, (l) => log(`db ${cfg.name}: ${l}`)) : undefined;
    this.limiter = new LoginLimiter(cfg.login_rate_limit, clock);
  }

  get name(): string {
    return this.cfg.name;
  }

  /** Creates the bucket and installs the configured principals. */
  async init(): Promise<void> {
    await this.db.createBucket(this.cfg.bucket);
    for (const [name, u] of Object.entries(this.cfg.users)) {
      const problem = nameProblems(name) ?? passwordProblem(u.password, this.cfg.allow_empty_password);
      if (problem) throw new Error(`gateway config: databases.${this.name}.users.${name}: ${problem.trim()}`);
      if (this.users.get(name)) continue; // never overwritten: API changes win
      await this.users.save(await this.users.withPassword(this.fromConfig(name, u), u.password ?? ''));
    }
    if (this.cfg.guest) {
      const old = this.users.guest();
      await this.users.save({ ...this.fromConfig('', this.cfg.guest), session_uuid: old.session_uuid, disabled: this.cfg.guest.disabled ?? false });
    }
  }

  private fromConfig(name: string, u: ConfigUser): StoredUser {
    const email = u.email !== undefined && EMAIL.test(u.email) ? u.email : undefined;
    return { name, disabled: u.disabled ?? false, admin_channels: [...(u.admin_channels ?? [])].sort(), admin_roles: [...(u.admin_roles ?? [])].sort(), ...(email ? { email } : {}) };
  }

  /** The session-info body of `GET /_session` (§3.4); `user` undefined or `''`-named means GUEST. */
  sessionInfo(user: StoredUser | undefined): Record<string, unknown> {
    let channels: Record<string, number> | null = null;
    if (user && (user.name !== '' || this.users.hasGuest())) {
      channels = Object.fromEntries(allChannels(user).map((c) => [c, 1]));
    }
    return {
      authentication_handlers: ['default', 'cookie'],
      ok: true,
      userCtx: { channels, name: user && user.name !== '' ? user.name : null },
    };
  }

  /** The document routes' counts (set when they are registered), for `update_seq` and `doc_count`. */
  documentInfo?: () => { update_seq: number; doc_count: number; doc_del_count: number };

  /**
   * `GET /{db}/`: the database info. `update_seq` is the document routes' sequence (the one
   * `_changes` uses) when they are registered, else the highest sequence of the bucket's documents.
   */
  info(): Record<string, unknown> {
    const docs = this.documentInfo?.();
    let seq = docs ? docs.update_seq : 0;
    if (!docs) for (const doc of this.db.scan(this.cfg.bucket)) if (doc.meta.seqno > seq) seq = doc.meta.seqno;
    const out: Record<string, unknown> = {};
    if (docs) {
      out.doc_count = docs.doc_count;
      out.doc_del_count = docs.doc_del_count;
    }
    out.db_name = this.name;
    out.update_seq = seq;
    out.committed_update_seq = seq;
    out.instance_start_time = START_MICROS;
    out.compact_running = false;
    out.purge_seq = 0;
    out.disk_format_version = 0;
    out.state = 'Online';
    return out;
  }

}

const START_MICROS = Date.now() * 1000;

/**
 * Principal administration: the users and groups of a database and the roles granted to them,
 * as CREATE/ALTER/DROP USER|GROUP, GRANT and REVOKE change them (docs/security.md). The engine
 * reaches them only through {@link PrincipalAdministration}; the embedded {@link Database} uses a
 * {@link PrincipalStore} (in memory, or durable as `principals.json` in a file store's data
 * directory), and the cluster adapter's REST users API (8091) and authenticator use the same
 * store, so a user created by N1QL can log in and one created over REST is seen by N1QL.
 *
 * Shapes follow ns_server's user records (`GET /settings/rbac/users`, `/settings/rbac/groups`):
 * a user is `domain:id` with a display name, roles (`name` or `name[target]`), groups and, for a
 * local user, a password hash (never the password).
 */
/** A user: `local` (with a password hash) or `external` (authenticated elsewhere, no password). */
export interface PrincipalUser {
  domain: 'local' | 'external';
  id: string;
  /** Display name (`WITH "name"`; empty: none). */
  name: string;
  /** Roles granted to the user itself, `name` or `name[target]` (`query_select[b1]`, `data_reader[b1:s1:c1]`). */
  roles: string[];
  /** Groups the user belongs to (their roles apply to the user too). */
  groups: string[];
  /** `scrypt$N$r$p$salt$hash` (security/password-hash.ts); local users only. */
  passwordHash?: string;
}

/** A group: a description and the roles its members get. */
export interface PrincipalGroup {
  id: string;
  description: string;
  roles: string[];
}

/** What the engine needs to run the user, group and role statements; a server may supply its own. */
export interface PrincipalAdministration {
  user(domain: string, id: string): PrincipalUser | undefined;
  users(): PrincipalUser[];
  putUser(user: PrincipalUser): Promise<void>;
  /** False if there was no such user. */
  removeUser(domain: string, id: string): Promise<boolean>;
  group(id: string): PrincipalGroup | undefined;
  groups(): PrincipalGroup[];
  putGroup(group: PrincipalGroup): Promise<void>;
  /** Removes the group and its name from every member; false if there was no such group. */
  removeGroup(id: string): Promise<boolean>;
  /** A new password's hash (`scrypt$…`). */
  hashPassword(password: string): Promise<string>;
}

/** What {@link PrincipalStore} saves: everything, on every change. */
export interface SavedPrincipals {
  users: PrincipalUser[];
  groups: PrincipalGroup[];
}

const userKey = (domain: string, id: string): string => `${domain}:${id}`;
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * The default {@link PrincipalAdministration}: maps in memory, saved through `save` (the file
 * store's `principals.json`, atomically) after each change when the database is durable.
 * Readers get copies: nothing outside changes a stored user without `putUser`.
 */
export class PrincipalStore implements PrincipalAdministration {
  private readonly userMap = new Map<string, PrincipalUser>();
  private readonly groupMap = new Map<string, PrincipalGroup>();
  /** Saves the whole state (set by a durable database). */
  save: ((all: SavedPrincipals) => Promise<void>) | undefined;

  constructor(private readonly hasher: (password: string) => Promise<string>) {}

  /** Loads a saved state (on open), replacing what is held. */
  restore(saved: SavedPrincipals | undefined): void {
    this.userMap.clear();
    this.groupMap.clear();
    for (const u of saved?.users ?? []) this.userMap.set(userKey(u.domain, u.id), copy(u));
    for (const g of saved?.groups ?? []) this.groupMap.set(g.id, copy(g));
  }

  user(domain: string, id: string): PrincipalUser | undefined {
    const u = this.userMap.get(userKey(domain, id));
    return u && copy(u);
  }

  users(): PrincipalUser[] {
    return [...this.userMap.values()].map(copy).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.domain < b.domain ? -1 : 1));
  }

  async putUser(user: PrincipalUser): Promise<void> {
    this.userMap.set(userKey(user.domain, user.id), copy(user));
    await this.changed();
  }

  async removeUser(domain: string, id: string): Promise<boolean> {
    if (!this.userMap.delete(userKey(domain, id))) return false;
    await this.changed();
    return true;
  }

  group(id: string): PrincipalGroup | undefined {
    const g = this.groupMap.get(id);
    return g && copy(g);
  }

  groups(): PrincipalGroup[] {
    return [...this.groupMap.values()].map(copy).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async putGroup(group: PrincipalGroup): Promise<void> {
    this.groupMap.set(group.id, copy(group));
    await this.changed();
  }

  async removeGroup(id: string): Promise<boolean> {
    if (!this.groupMap.delete(id)) return false;
    for (const u of this.userMap.values()) if (u.groups.includes(id)) u.groups = u.groups.filter((g) => g !== id);
    await this.changed();
    return true;
  }

  hashPassword(password: string): Promise<string> {
    return this.hasher(password);
  }

  /** The last save started: saves run one at a time (concurrent atomic writes of one file would race). */
  private saving: Promise<void> = Promise.resolve();

  private async changed(): Promise<void> {
    const save = this.save;
    if (!save) return;
    // Each save writes the state as it is when it runs, so the last one holds every change.
    const run = this.saving.then(() => save({ users: [...this.userMap.values()], groups: [...this.groupMap.values()] }));
    this.saving = run.catch(() => {});
    await run;
  }
}

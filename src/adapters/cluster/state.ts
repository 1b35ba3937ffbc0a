/**
 * Persistence of the cluster admin's state as documents of the `_system` keyspace of the same
 * store, so that a durable store finds them after a restart:
 * `settings::autocompaction` (global settings), `settings::bucket::<b>` (bucket metadata and
 * per-bucket settings) and `settings::cluster` (the cluster UUID). Local users are the
 * database's principals (`db.principals`, shared with N1QL's CREATE USER, GRANT …); the
 * `user::local::<name>` documents of earlier versions move there on start.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Database, PrincipalUser, Value } from '../../index.js';
import { defaultGlobalState, type BucketMeta, type GlobalState } from './settings.js';

export const SYSTEM_KEYSPACE = '_system';

/** Internal keyspaces of the adapters (`_system`, `_gateway`, …): not buckets; their names are reserved. */
export function isInternalKeyspace(name: string): boolean {
  return name.startsWith('_');
}

/** A local user (the database's principal store, shared with N1QL's CREATE USER …). */
export interface StoredUser {
  id: string;
  name: string;
  /** The user's own roles (`name` or `name[bucket]`). */
  roles: string[];
  /** Groups whose roles the user holds too. */
  groups?: string[];
  /** `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>` */
  passwordHash: string;
}

const toStored = (u: PrincipalUser): StoredUser => ({ id: u.id, name: u.name, roles: u.roles, ...(u.groups.length ? { groups: u.groups } : {}), passwordHash: u.passwordHash ?? '' });

function read<T>(db: Database, key: string): T | undefined {
  const doc = db.get(SYSTEM_KEYSPACE, key);
  // Stored values are JSON; a copy keeps callers from touching the frozen stored value.
  return doc ? (JSON.parse(JSON.stringify(doc.value)) as T) : undefined;
}

async function write(db: Database, key: string, value: unknown): Promise<void> {
  await db.upsert(SYSTEM_KEYSPACE, key, JSON.parse(JSON.stringify(value)) as Value);
}

/** Typed access to the `_system` documents. */
export class ClusterState {
  constructor(readonly db: Database) {}

  clusterUuid(): string {
    return read<{ uuid: string }>(this.db, 'settings::cluster')?.uuid ?? '';
  }

  /** Creates the cluster UUID on first start; moves users kept as `_system` documents by earlier versions to the principal store. */
  async init(): Promise<void> {
    if (!this.clusterUuid()) await write(this.db, 'settings::cluster', { uuid: randomUUID().replace(/-/g, '') });
    const legacy = [...this.db.scan(SYSTEM_KEYSPACE)].filter((d) => d.key.startsWith('user::local::'));
    for (const doc of legacy) {
      const u = JSON.parse(JSON.stringify(doc.value)) as StoredUser;
      if (!this.user(u.id)) await this.setUser(u);
      await this.db.remove(SYSTEM_KEYSPACE, doc.key);
    }
  }

  global(): GlobalState {
    return read<GlobalState>(this.db, 'settings::autocompaction') ?? defaultGlobalState();
  }

  async setGlobal(state: GlobalState): Promise<void> {
    await write(this.db, 'settings::autocompaction', state);
  }

  /**
   * Names of the buckets, sorted: every keyspace but the internal ones (names starting with `_`:
   * this `_system`, the gateway's `_gateway`), which no REST call reaches.
   */
  bucketNames(): string[] {
    return this.db.keyspaces().filter((k) => !isInternalKeyspace(k));
  }

  hasBucket(name: string): boolean {
    return !isInternalKeyspace(name) && this.db.count(name) !== undefined;
  }

  /** A bucket's metadata; a keyspace made outside this API is a couchstore Couchbase bucket. */
  bucket(name: string): BucketMeta | undefined {
    if (!this.hasBucket(name)) return undefined;
    return read<BucketMeta>(this.db, `settings::bucket::${name}`) ?? {
      name,
      uuid: createHash('md5').update(name).digest('hex'),
      bucketType: 'membase',
      storageBackend: 'couchstore',
      autoCompaction: false,
    };
  }

  async setBucket(meta: BucketMeta): Promise<void> {
    await write(this.db, `settings::bucket::${meta.name}`, meta);
  }

  async removeBucket(name: string): Promise<void> {
    await this.db.remove(SYSTEM_KEYSPACE, `settings::bucket::${name}`);
  }

  /** A local user (external users, which N1QL may create, have no password and cannot log in here). */
  user(id: string): StoredUser | undefined {
    const u = this.db.principals.user('local', id);
    return u && toStored(u);
  }

  /** Creates or replaces a local user (its groups kept unless given). */
  async setUser(user: StoredUser): Promise<void> {
    const old = this.db.principals.user('local', user.id);
    await this.db.principals.putUser({ domain: 'local', id: user.id, name: user.name, roles: user.roles, groups: user.groups ?? old?.groups ?? [], passwordHash: user.passwordHash });
  }

  async removeUser(id: string): Promise<boolean> {
    return this.db.principals.removeUser('local', id);
  }

  users(): StoredUser[] {
    return this.db.principals.users().filter((u) => u.domain === 'local').map(toStored);
  }

  /** The roles a user holds: its own and its groups'. */
  effectiveRoles(user: StoredUser): string[] {
    const out = new Set(user.roles);
    for (const g of user.groups ?? []) for (const r of this.db.principals.group(g)?.roles ?? []) out.add(r);
    return [...out];
  }
}

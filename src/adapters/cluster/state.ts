/**
 * Persistence of the cluster admin's state as documents of the `_system` keyspace of the same
 * store, so that a durable store finds them after a restart:
 * `settings::autocompaction` (global settings), `settings::bucket::<b>` (bucket metadata and
 * per-bucket settings), `user::local::<name>` (users, with a password hash only) and
 * `settings::cluster` (the cluster UUID).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Database, Value } from '../../index.js';
import { defaultGlobalState, type BucketMeta, type GlobalState } from './settings.js';

export const SYSTEM_KEYSPACE = '_system';

/** Internal keyspaces of the adapters (`_system`, `_gateway`, …): not buckets; their names are reserved. */
export function isInternalKeyspace(name: string): boolean {
  return name.startsWith('_');
}

/** A stored local user. */
export interface StoredUser {
  id: string;
  name: string;
  roles: string[];
  /** `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>` */
  passwordHash: string;
}

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

  /** Creates the cluster UUID on first start. */
  async init(): Promise<void> {
    if (!this.clusterUuid()) await write(this.db, 'settings::cluster', { uuid: randomUUID().replace(/-/g, '') });
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

  user(id: string): StoredUser | undefined {
    return read<StoredUser>(this.db, `user::local::${id}`);
  }

  async setUser(user: StoredUser): Promise<void> {
    await write(this.db, `user::local::${user.id}`, user);
  }

  async removeUser(id: string): Promise<boolean> {
    return this.db.remove(SYSTEM_KEYSPACE, `user::local::${id}`);
  }

  users(): StoredUser[] {
    const out: StoredUser[] = [];
    for (const doc of this.db.scan(SYSTEM_KEYSPACE)) {
      if (doc.key.startsWith('user::local::')) out.push(JSON.parse(JSON.stringify(doc.value)) as StoredUser);
    }
    return out;
  }
}

import type { Value } from '../values/index.js';

/**
 * A row's variable environment during evaluation: keyspace aliases, LET/LETTING variables,
 * ANY/ARRAY binding variables and projection aliases, by name. Nested scopes are prototype
 * children (`childEnv`), so a lookup walks outwards. Environments have a null prototype, so
 * names such as `constructor` are safe.
 *
 * Document metadata (`META(alias)`) and aggregate results are kept under reserved names that
 * cannot be written in N1QL (they start with NUL).
 */
export type Env = Record<string, Value>;

/** The document metadata of `META(alias)`: `id`, `cas`, `expiration` (seconds since the epoch, 0 = none), `seqno`. */
export interface DocMeta {
  id: string;
  cas: number;
  expiration: number;
  seqno?: number;
  keyspace?: string;
  /** The document's extended attributes (`META().xattrs.name`), when it has any. */
  xattrs?: Record<string, Value>;
  /** A deleted document's tombstone, read for its system xattrs (`$document.deleted` is true). */
  deleted?: boolean;
}

/**
 * The parent of every root environment: empty, frozen, with a null prototype (so a name such as
 * `constructor` is not found). `Object.create(null)` would give each root a dictionary (V8's
 * slow properties); a child of one shared empty object keeps the hidden class that rows bound
 * the same way share, so a name is read as a field, not looked up in a hash table.
 */
const ROOT: Env = Object.freeze(Object.create(null) as Env);

/** A new, empty root environment. */
export function rootEnv(): Env {
  return Object.create(ROOT) as Env;
}

/** A child environment that sees every name of `parent`. */
export function childEnv(parent: Env): Env {
  return Object.create(parent) as Env;
}

/**
 * A copy of `env` for one more row: the same parent, and `env`'s own names copied (not a child
 * of `env`). Joins make one per joined row: an environment that becomes the prototype of another
 * is turned by V8 into a prototype object (its hidden class copied, prototype bookkeeping made),
 * which per row cost more than the copy of the few names a row binds (an alias and its META()).
 * Only for an `env` that is not changed afterwards (a row already passed on).
 */
export function siblingEnv(env: Env): Env {
  const parent = Object.getPrototypeOf(env) as Env | null;
  const out = Object.create(parent) as Env;
  if (parent === ROOT) {
    // A root's names are all its own (ROOT has none): for-in reads V8's cached list of them,
    // where Object.keys would allocate an array per copy (measured: about 35% faster).
    for (const k in env) out[k] = env[k];
  } else {
    for (const k of Object.keys(env)) out[k] = env[k];
  }
  return out;
}

/**
 * A reserved name per alias (`prefix` + alias), memoised: one string per alias, not a new
 * concatenation per bound row. Aliases are few; a bound on the memo keeps generated names from
 * growing it forever.
 */
function slotNames(prefix: string): (alias: string) => string {
  const slots = new Map<string, string>();
  return (alias) => {
    let slot = slots.get(alias);
    if (slot === undefined) {
      slot = prefix + alias;
      if (slots.size < 4096) slots.set(alias, slot);
    }
    return slot;
  };
}

const metaSlots = slotNames('\u0000meta:');
const keyspaceSlots = slotNames('\u0000keyspace:');

/** Reserved name under which the metadata of the document bound to `alias` is kept. */
export function metaSlot(alias: string): string {
  return metaSlots(alias);
}

/**
 * Reserved name under which the keyspace path (`default:ks`) of the document bound to `alias` is
 * kept when its metadata is the store's own (a document read from a keyspace: its DocMeta is
 * bound as it is, without a copy or a view per row, and the path, the same for every row, beside it).
 */
export function keyspaceSlot(alias: string): string {
  return keyspaceSlots(alias);
}

/** The keyspace path of the document bound for `alias` (META().keyspace): its keyspace slot, else its metadata's. */
export function metaKeyspace(env: Env, alias: string): string | undefined {
  const ks = (env as Record<string, unknown>)[keyspaceSlot(alias)] as string | undefined;
  return ks ?? metaOf(env, alias)?.keyspace;
}

/** Reserved name under which aggregate number `n` of a grouped query is kept. */
export function aggregateSlot(n: number): string {
  return '\u0000agg:' + n;
}

/** Binds `doc` and its metadata (its `keyspace` included) under `alias` in `env`. */
export function bindDocument(env: Env, alias: string, doc: Value, meta: DocMeta): void {
  env[alias] = doc;
  (env as Record<string, unknown>)[metaSlot(alias)] = meta;
  // The keyspace slot is the meta's own keyspace here (a name inherited from an outer binding of the alias is hidden).
  (env as Record<string, unknown>)[keyspaceSlot(alias)] = meta.keyspace;
}

/**
 * A document read from a keyspace, bound in a META slot as it is (executor/stored-meta.ts): its
 * key is META().id and `meta` its other metadata (`meta.id` equals `key`). Nothing is made per
 * row; a DocMeta is never such an object (it has no `meta` field).
 */
export interface StoredMetaSource {
  key: string;
  meta: DocMeta;
}

/** What a META slot holds: a DocMeta, or a stored document standing for its own metadata. */
type MetaSlotValue = DocMeta | StoredMetaSource | undefined;

/** The metadata bound for `alias`, if any. */
export function metaOf(env: Env, alias: string): DocMeta | undefined {
  const m = (env as Record<string, unknown>)[metaSlot(alias)] as MetaSlotValue;
  return m !== undefined && (m as StoredMetaSource).meta !== undefined ? (m as StoredMetaSource).meta : (m as DocMeta | undefined);
}

/** META(alias).id of a META slot's value (see {@link metaOf}): the stored document's key read without its metadata object. */
export function metaIdOf(m: unknown): string | undefined {
  if (m === undefined) return undefined;
  const key = (m as StoredMetaSource).key;
  return key !== undefined ? key : (m as DocMeta).id;
}

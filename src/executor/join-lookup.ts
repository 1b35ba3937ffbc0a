import { ErrorCode, QueryError } from '../errors/index.js';
import { siblingEnv, type Env, type Evaluator } from '../eval/index.js';
import type { StoredDocument } from '../storage/index.js';
import { lookupKeys } from './join-kernel.js';
import { emit } from './join-rows.js';
import { StoredBinder } from './stored-meta.js';
import { due, PAUSE, type Row, type RowStream, type RunContext } from './runtime.js';
import type { Value } from '../values/index.js';

/** A compiled lookup join or nest (`… JOIN|NEST ks ON KEYS expr`). */
export interface LookupJoinSpec {
  keyspace: string;
  alias: string;
  keys: Evaluator;
  outer: boolean;
  nest: boolean;
  /** ON KEYS VALIDATE: keys that name no document give warning 5503. */
  validate: boolean;
  /**
   * Nothing after the join reads its alias (the plan's `_unread`): an inner join passes on an
   * outer row whose key names a document as it is, without binding the document.
   */
  unread?: boolean;
}

/**
 * Join / Nest (lookup): for each outer row, fetches the inner documents whose keys `ON KEYS`
 * evaluates to (a string or an array of strings, in that order). A LEFT JOIN keeps an outer row
 * with no document (inner alias MISSING); a LEFT NEST binds `[]` when the keys name no document
 * and leaves the alias MISSING when the keys are not a string or array (the reference's answers).
 * Source: couchbase/query `execution/join.go`, `nest.go`.
 */
export function* lookupJoin(input: RowStream, spec: LookupJoinSpec, rc: RunContext): RowStream {
  const ks = rc.store.keyspace(spec.keyspace);
  if (!ks) throw new QueryError({ code: ErrorCode.KEYSPACE_NOT_FOUND, phase: 'execution', message: `Keyspace not found in CB datastore: default:${spec.keyspace}` });
  const binder = new StoredBinder(spec.alias, `default:${spec.keyspace}`);
  const missing: string[] = [];
  const plain = !spec.outer && !spec.nest;
  const bare = plain && !!spec.unread;
  // A joined row copies the outer row's names ({@link siblingEnv}) and binds the document.
  const bound = (outerEnv: Env, d: StoredDocument): Env => {
    const env = siblingEnv(outerEnv);
    binder.bind(env, d);
    return env;
  };
  // The plain join binds in place with stores of its own (not binder.bind, whose sites Fetch
  // shares): a keyed store site that only ever sees one name keeps V8's monomorphic fast path,
  // where one that sees several goes megamorphic (a stub cache probe per store).
  const { alias, meta: metaName, keyspace: keyspaceName, path } = binder;
  // The batch's keys, documents and values, reused from batch to batch.
  let keyValues: Value[] = [];
  let docs: (StoredDocument | undefined)[] = [];
  let values: (Value | undefined)[] = [];
  for (const batch of input) {
    if (batch.length === 0) {
      yield batch;
      continue;
    }
    // The batch's keys, then their documents in one batch of lookups (independent reads, which
    // the processor overlaps: in a large keyspace each is a cache miss), then the rows.
    const n = batch.length;
    if (keyValues.length < n) {
      keyValues = new Array(n);
      docs = new Array(n);
      values = new Array(n);
    }
    for (let i = 0; i < n; i++) keyValues[i] = spec.keys(batch[i]!.env, rc);
    if (plain) {
      // An unread join needs only to know which keys name a document (no values).
      if (ks.getMany) ks.getMany(keyValues, n, docs, bare ? undefined : values);
      else
        for (let i = 0; i < n; i++) {
          const v = keyValues[i];
          const d = typeof v === 'string' ? ks.get(v) : undefined;
          docs[i] = d;
          values[i] = d?.value;
        }
    }
    // The batch itself goes on while every row is passed on as it is (the common case: an inner
    // join on one key that names a document); `out` is made at the first row that is not,
    // holding the rows before it.
    let out: Row[] | undefined;
    for (let i = 0; i < n; i++) {
      const row = batch[i]!;
      const v = keyValues[i];
      if (plain) {
        // The outer row is this join's own (made for this one row upstream): the document binds
        // into it, so the joined row costs no new environment or row.
        const d = docs[i];
        if (d !== undefined) {
          if (bare) {
            out?.push(row);
            continue;
          }
          const env = row.env as Record<string, unknown>;
          // The value from the store's value column (getMany): no read of the document's record.
          env[alias] = values[i];
          // The document stands for its own metadata (see StoredBinder).
          env[metaName] = d;
          env[keyspaceName] = path;
          out?.push(row);
          continue;
        }
        if (typeof v === 'string') {
          out ??= batch.slice(0, i);
          if (spec.validate) missing.push(v);
          continue;
        }
      }
      out ??= batch.slice(0, i);
      const keys = lookupKeys(v);
      if (keys === undefined) {
        if (spec.outer) out.push({ env: siblingEnv(row.env) });
        continue;
      }
      const matches: Env[] = [];
      for (const k of keys) {
        const d = ks.get(k);
        if (!d) {
          if (spec.validate) missing.push(k);
          continue;
        }
        matches.push(bound(row.env, d));
      }
      emit(out, row.env, matches, spec.alias, spec.nest, spec.outer);
    }
    if (out === undefined) yield batch;
    else if (out.length) yield out;
    if (due(rc)) yield PAUSE;
  }
  if (missing.length) warnMissingKeys(rc);
}

/** Warning 5503 for USE KEYS / ON KEYS VALIDATE keys that name no document. */
export function warnMissingKeys(rc: RunContext): void {
  rc.warn('Key(s) in USE KEYS hint not found', ErrorCode.MISSING_KEYS);
}

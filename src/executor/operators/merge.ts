import { bindDocument, childEnv, rootEnv, compileExpr, metaOf, type DocMeta, type Env, type Evaluator, type Scope } from '../../eval/index.js';
import { ErrorCode, QueryError } from '../../errors/index.js';
import type { Expr } from '../../ast/index.js';
import type { Merge } from '../../planner/index.js';
import { cloneValue, isObject, toOutputValue, type Value } from '../../values/index.js';
import { dmlError } from '../dml-result.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { due, PAUSE, waitFor, type Row, type RowStream, type RunContext } from '../runtime.js';
import { applyPath, compilePath, compileSetTerms, metaPath } from '../set-path.js';
import { compileCount } from './count-value.js';
import { keyError, optionsError } from './send-insert.js';
import { keyspaceOf } from './keyspace-of.js';

/** What one source row makes the Merge do, decided before any write. */
type Action =
  | { kind: 'update'; id: string; env: Env; meta: DocMeta; doc: Value; expiration?: number }
  | { kind: 'delete'; id: string; env: Env; meta: DocMeta }
  | { kind: 'insert'; key: Value; env: Env; value: Value; options: Value };

/** The reference's text for a value's Go type in "Invalid MERGE key …" (couchbase/query `execution/merge.go`). */
function goType(v: Value): string {
  if (v === undefined || v === null) return '<nil>';
  if (typeof v === 'number') return 'float64';
  if (typeof v === 'boolean') return 'bool';
  return Array.isArray(v) ? '[]interface {}' : 'map[string]interface {}';
}

function expirationOption(o: Value): number | undefined {
  if (!isObject(o)) return undefined;
  const e = o.expiration;
  return typeof e === 'number' ? e : undefined;
}

const multiple = (what: 'UPDATE/DELETE' | 'INSERT', key: string) =>
  new QueryError({
    code: what === 'INSERT' ? ErrorCode.MERGE_MULTI_INSERT : ErrorCode.MERGE_MULTI_UPDATE,
    phase: 'execution',
    message: `Multiple ${what} of the same document (document key '${key}') in a MERGE statement`,
  });

/**
 * Merge: reads every input row (a statement never sees its own writes), decides each row's
 * actions — a matched target document is updated when the update branch's WHERE holds and
 * deleted when the delete branch's does; an unmatched row is inserted when the insert branch's
 * WHERE holds — and raises 5320 / 5330 when one document would be updated or deleted twice, or
 * inserted twice, before anything is written. Then it writes, inserts first, then updates, then
 * deletes (the order of the reference's RETURNING rows), at most LIMIT documents: an update
 * with the cas read (a concurrent change fails that key, 12009), an insert of an existing key
 * fails that key (12009), a key that is not a string (5070) or options that are not an object
 * (5071) fail that row; the others are still written, as for INSERT/UPDATE/DELETE. `SET META(t).expiration = n` sets
 * the TTL; otherwise an update clears it unless the request asks to preserve expirations.
 * Emits each written document bound to the target alias (the removed one for a delete), beside
 * the source row, for RETURNING. Source: couchbase/query `execution/merge.go`.
 */
export function compileMerge(op: Merge, cx: CompileContext): CompiledOperator {
  const t = op._alias;
  const path = `default:${op.keyspace}`;
  // The branches see the target as the default alias (`META()`, unqualified names), beside the
  // source and LET names bound before the Merge.
  const scope: Scope = { ...cx.scope, names: new Set([t]), parent: cx.scope, defaultAlias: t, keyspaceAliases: [t] };
  const key: Evaluator | undefined = op.key ? compileExpr(op.key, cx.scope) : undefined;
  const cond = (e: Expr | undefined) => (e ? compileExpr(e, scope) : undefined);
  const steps = op.update?.['~children'] ?? [];
  const update = op.update && {
    where: cond(op.update_filter),
    sets: compileSetTerms(steps.flatMap((o) => (o['#operator'] === 'Set' ? o.set_terms : [])), t, scope),
    unsets: steps.flatMap((o) => (o['#operator'] === 'Unset' ? o.unset_terms.map((u) => (metaPath(u.path, t, 'UNSET'), compilePath(u.path, t, scope))) : [])),
  };
  const del = op.delete && { where: cond(op.delete_filter) };
  const send = op.insert;
  const insert = send && {
    where: cond(op.insert_filter),
    // A lookup merge inserts under its ON KEY (evaluated on the source row).
    key: send.key && !op.key ? compileExpr(send.key, scope) : undefined,
    value: send.value ? compileExpr(send.value, scope) : undefined,
    options: send.options ? compileExpr(send.options, scope) : undefined,
  };
  const holds = (e: Evaluator | undefined, env: Env, rc: RunContext) => e === undefined || e(env, rc) === true;
  const limit = op.limit ? compileCount(op.limit, 'LIMIT', cx.base) : undefined;
  const rank = { insert: 0, update: 1, delete: 2 } as const;

  /**
   * The actions of every row into `actions`, or the error that stops the statement before any
   * write; hands a pause up every slice of work (a large source stays cancellable).
   */
  function* decide(rows: Row[], rc: RunContext, actions: Action[]): Generator<Row[]> {
    const ks = keyspaceOf(rc, op.keyspace);
    const changed = new Set<string>();
    const inserted = new Set<string>();
    for (const row of rows) {
      if (due(rc)) yield PAUSE;
      const env = childEnv(row.env);
      let onKey: Value;
      if (key) {
        onKey = key(env, rc);
        if (typeof onKey !== 'string') {
          throw new QueryError({ code: ErrorCode.INVALID_VALUE, phase: 'execution', message: `Invalid MERGE key ${onKey === undefined || onKey === null ? '<nil>' : JSON.stringify(onKey)} of type ${goType(onKey)}.` });
        }
        const d = ks.get(onKey);
        if (d) bindDocument(env, t, d.value, { ...d.meta, keyspace: path });
      }
      const meta = env[t] !== undefined ? metaOf(env, t) : undefined;
      if (meta) {
        if (update && holds(update.where, env, rc)) {
          if (changed.has(meta.id)) throw multiple('UPDATE/DELETE', meta.id);
          changed.add(meta.id);
          const sets = update.sets(env, rc);
          const doc = sets.apply(cloneValue(env[t]));
          const expiration = sets.expiration;
          for (const p of update.unsets) applyPath(doc, p, undefined, env, rc);
          actions.push({ kind: 'update', id: meta.id, env, meta, doc: cloneValue(doc), expiration });
        }
        if (del && holds(del.where, env, rc)) {
          if (changed.has(meta.id)) throw multiple('UPDATE/DELETE', meta.id);
          changed.add(meta.id);
          actions.push({ kind: 'delete', id: meta.id, env, meta });
        }
      } else if (insert && holds(insert.where, env, rc)) {
        const k = key ? onKey! : insert.key!(env, rc);
        if (typeof k === 'string') {
          if (inserted.has(k)) throw multiple('INSERT', k);
          inserted.add(k);
        }
        // Without VALUE the document is the source row (its alias and value), as the reference's.
        const value = insert.value ? insert.value(env, rc) : { [op._source]: env[op._source] };
        actions.push({ kind: 'insert', key: k, env, value, options: insert.options?.(env, rc) });
      }
    }
  }

  return {
    cx: { ...cx, scope, starAliases: [...new Set([...cx.starAliases, op._source, t])] },
    run: function* (input, _outer, rc): RowStream {
      const rows: Row[] = [];
      for (const batch of input) {
        if (batch.length === 0) yield batch;
        else rows.push(...batch);
      }
      // Inserts, then updates, then deletes (stable within each), at most LIMIT of them.
      const actions: Action[] = [];
      yield* decide(rows, rc, actions);
      actions.sort((a, b) => rank[a.kind] - rank[b.kind]);
      if (limit) actions.length = Math.min(actions.length, Math.max(0, limit(rc)));
      const ks = keyspaceOf(rc, op.keyspace);
      const dml = (rc.dml ??= { mutationCount: 0, failures: [] });
      for (const a of actions) {
        let done: Row | undefined;
        const emit = (doc: Value, meta: DocMeta) => {
          // An inserted document is returned alone (no source row beside it), as the reference does.
          const env = a.kind === 'insert' ? rootEnv() : childEnv(a.env);
          bindDocument(env, t, doc, { ...meta, keyspace: path });
          done = { env };
        };
        let write: Promise<unknown>;
        let failed: (err: unknown) => QueryError;
        if (a.kind === 'update') {
          const expiration = a.expiration ?? (rc.preserveExpiry ? a.meta.expiration : 0);
          write = ks.replace(a.id, toOutputValue(a.doc), { cas: a.meta.cas, expiration }).then((m) => {
            dml.mutationCount++;
            emit(a.doc, m);
          });
          failed = (err) => dmlError('UPDATE', a.id, err);
        } else if (a.kind === 'delete') {
          write = ks.remove(a.id, { cas: a.meta.cas }).then((removed) => {
            if (!removed) return;
            dml.mutationCount++;
            // META() of a fetched row is the store's own metadata object (stored-meta.ts): its fields are copied by name.
            const m = a.meta;
            emit(a.env[t], { id: m.id, cas: m.cas, expiration: m.expiration, seqno: m.seqno, ...(m.xattrs ? { xattrs: m.xattrs } : {}) });
          });
          failed = (err) => dmlError('DELETE', a.id, err);
        } else {
          const k = a.key;
          if (typeof k !== 'string' || k.length === 0) {
            dml.failures.push(keyError(k, 'INSERT'));
            continue;
          }
          if (insert!.options && !isObject(a.options)) {
            dml.failures.push(optionsError(a.options, 'INSERT'));
            continue;
          }
          if (a.value === undefined) {
            dml.failures.push(new QueryError({ code: ErrorCode.DML, phase: 'execution', message: `INSERT value for key ${k} is MISSING` }));
            continue;
          }
          const doc = cloneValue(a.value);
          write = ks.insert(k, toOutputValue(doc), { expiration: expirationOption(a.options) }).then((m) => {
            dml.mutationCount++;
            emit(doc, m);
          });
          failed = (err) => dmlError('INSERT', k, err);
        }
        yield waitFor(write.catch((err) => void dml.failures.push(failed(err))));
        if (done) yield [done];
      }
    },
  };
}

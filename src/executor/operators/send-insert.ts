import { bindDocument, compileExpr, rootEnv, type Evaluator, type Scope } from '../../eval/index.js';
import { ErrorCode, QueryError } from '../../errors/index.js';
import type { SendInsert } from '../../planner/index.js';
import { cloneValue, isObject, toOutputValue, type Value } from '../../values/index.js';
import { dmlError } from '../dml-result.js';
import { blockScope, type CompileContext, type CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';
import { WriteWindow } from '../write-window.js';
import { keyspaceOf } from './keyspace-of.js';
import { xattrsOption } from '../xattrs.js';

const ROW = '\u0000row';

/** A key that is not a non-empty string: 5070 "Cannot INSERT non-string key 5 of type number". */
export function keyError(k: Value, op: string): QueryError {
  return new QueryError({
    code: ErrorCode.INVALID_KEY,
    phase: 'execution',
    message: `Cannot ${op} non-string key ${JSON.stringify(k ?? null)} of type ${k === undefined ? 'missing' : Array.isArray(k) ? 'array' : k === null ? 'null' : typeof k}`,
  });
}

/**
 * OPTIONS that are not an object (NULL and MISSING included) fail that row: 5071 "Cannot INSERT
 * non-OBJECT options 5 of type number" (couchbase/query `execution/insert_send.go`).
 */
export function optionsError(o: Value, op: string): QueryError {
  const type = o === undefined ? 'missing' : o === null ? 'null' : Array.isArray(o) ? 'array' : typeof o;
  return new QueryError({ code: ErrorCode.INVALID_OPTIONS, phase: 'execution', message: `Cannot ${op} non-OBJECT options ${o === undefined ? 'MISSING' : JSON.stringify(o)} of type ${type}` });
}

function expirationOf(o: Value): number | undefined {
  if (!isObject(o)) return undefined;
  const e = o.expiration;
  return typeof e === 'number' ? e : undefined;
}

/**
 * SendInsert / SendUpsert: writes one document per incoming row (a ValueScan's pair, or a
 * SELECT's row with `key`/`value`/`options` computed from it). Each write is independent: a
 * duplicate key on INSERT (12009) or a non-string key (5070) is recorded as a failure and the
 * others are still written, as the reference does. `OPTIONS {"expiration": seconds}` sets the
 * expiration. Emits the written documents (for RETURNING), in input order. Up to
 * WRITE_WINDOW writes are in flight at once (write-window.ts), awaited by the driver (a pause
 * with `wait`). Source: couchbase/query `execution/insert_send.go`, `upsert_send.go`.
 */
export function compileSendInsert(op: SendInsert, cx: CompileContext): CompiledOperator {
  const upsert = op['#operator'] === 'SendUpsert';
  const name = upsert ? 'UPSERT' : 'INSERT';
  const rowScope: Scope = { names: new Set(), keyspaceAliases: [], defaultAlias: ROW, compileSubquery: cx.base.compileSubquery };
  const key: Evaluator | undefined = op.key ? compileExpr(op.key, rowScope) : undefined;
  const value: Evaluator | undefined = op.value ? compileExpr(op.value, rowScope) : undefined;
  const options: Evaluator | undefined = op.options ? compileExpr(op.options, rowScope) : undefined;
  const path = `default:${op.keyspace}`;
  return {
    cx: { ...cx, scope: blockScope(cx.base, [op.alias], op.alias, true), starAliases: [op.alias] },
    run: function* (input, _outer, rc): RowStream {
      const ks = keyspaceOf(rc, op.keyspace);
      const dml = (rc.dml ??= { mutationCount: 0, failures: [] });
      const pairs: { key: Value; value: Value; options?: Value }[] = [];
      // Every row is read before the first write (a statement never sees its own writes).
      for (const batch of input) {
        if (batch.length === 0) {
          yield batch;
          continue;
        }
        for (const r of batch) {
          if (r.pair) {
            pairs.push(r.pair);
            continue;
          }
          const env = rootEnv();
          env[ROW] = r.out;
          pairs.push({ key: key!(env, rc), value: value ? value(env, rc) : r.out, ...(options ? { options: options(env, rc) } : {}) });
        }
      }
      // Up to WRITE_WINDOW writes in flight (a group-committing store batches them), finished in order.
      const window = new WriteWindow();
      const fail = (e: QueryError): void => window.fail(() => void dml.failures.push(e));
      for (const t of pairs) {
        if (typeof t.key !== 'string' || t.key.length === 0) {
          fail(keyError(t.key, name));
          continue;
        }
        if ('options' in t && !isObject(t.options)) {
          fail(optionsError(t.options, name));
          continue;
        }
        if (t.value === undefined) {
          fail(new QueryError({ code: ErrorCode.DML, phase: 'execution', message: `${name} value for key ${t.key} is MISSING` }));
          continue;
        }
        const doc = cloneValue(t.value);
        const k = t.key;
        // A key this statement is still writing: that write first (writes of one key run in order).
        if (window.has(k)) yield* window.drain();
        // preserve_expiry: an UPSERT that sets no expiration keeps the replaced document's.
        const given = expirationOf(t.options);
        const opts = { expiration: given === undefined && upsert && rc.preserveExpiry ? ks.get(k)?.meta.expiration : given };
        const xattrs = xattrsOption(t.options);
        // Stored as the reference stores it, as its JSON text (NaN → "NaN", a MISSING element →
        // null); RETURNING sees the value itself, as there.
        const stored = toOutputValue(doc);
        const write = upsert ? ks.upsert(k, stored, xattrs ? { ...opts, xattrs } : opts) : ks.insert(k, stored, xattrs ? { ...opts, xattrs } : opts);
        yield* window.add(k, write, (meta) => {
          dml.mutationCount++;
          const env = rootEnv();
          bindDocument(env, op.alias, doc, { id: meta.id, cas: meta.cas, expiration: meta.expiration, seqno: meta.seqno, keyspace: path });
          return { env };
        }, (err) => void dml.failures.push(dmlError(name, k, err)));
      }
      yield* window.drain();
    },
  };
}

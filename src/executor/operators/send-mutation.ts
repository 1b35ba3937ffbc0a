import { bindDocument, childEnv, metaOf } from '../../eval/index.js';
import type { SendDelete, SendUpdate } from '../../planner/index.js';
import { toOutputValue, type Value } from '../../values/index.js';
import { dmlError } from '../dml-result.js';
import { blockScope, type CompileContext, type CompiledOperator } from '../operator-context.js';
import type { Row, RowStream } from '../runtime.js';
import { WriteWindow } from '../write-window.js';
import { keyspaceOf } from './keyspace-of.js';

/**
 * SendUpdate / SendDelete: every target is read first (a statement never sees its own
 * changes), then each is written with the cas read, so a concurrent change makes that key fail
 * (12009) instead of being overwritten; the others are still written. Emits each changed
 * document (the new one for UPDATE, the removed one for DELETE) for RETURNING, in input order.
 * Up to WRITE_WINDOW writes are in flight at once (write-window.ts).
 */
export function compileSendMutation(op: SendUpdate | SendDelete, cx: CompileContext): CompiledOperator {
  const update = op['#operator'] === 'SendUpdate';
  const path = `default:${op.keyspace}`;
  return {
    // RETURNING sees the statement's LET variables (the read side's scope) besides the document.
    cx: { ...cx, scope: { ...blockScope(cx.base, [op.alias], op.alias, true), parent: cx.scope }, starAliases: [op.alias] },
    run: function* (input, _outer, rc): RowStream {
      const ks = keyspaceOf(rc, op.keyspace);
      const dml = (rc.dml ??= { mutationCount: 0, failures: [] });
      const targets: Row[] = [];
      for (const batch of input) {
        if (batch.length === 0) yield batch;
        else targets.push(...batch);
      }
      // Up to WRITE_WINDOW writes in flight (a group-committing store batches them), finished in order.
      const window = new WriteWindow();
      const failed = (id: string) => (err: unknown): void => void dml.failures.push(dmlError(update ? 'UPDATE' : 'DELETE', id, err));
      for (const t of targets) {
        const m = metaOf(t.env, op.alias)!;
        // A key this statement is still writing (a target reached twice): that write first.
        if (window.has(m.id)) yield* window.drain();
        const emit = (doc: Value, meta: { id: string; cas: number; expiration: number; seqno?: number }): Row => {
          const env = childEnv(t.env);
          bindDocument(env, op.alias, doc, { ...meta, keyspace: path });
          return { env };
        };
        if (update) {
          const write = ks.replace(m.id, toOutputValue(t.clone), { cas: m.cas, expiration: t.expiration ?? (rc.preserveExpiry ? m.expiration : 0), ...(t.xattrs ? { xattrs: t.xattrs } : {}) });
          yield* window.add(m.id, write, (meta) => {
            dml.mutationCount++;
            return emit(t.clone, meta);
          }, failed(m.id));
        } else {
          yield* window.add(m.id, ks.remove(m.id, { cas: m.cas }), (removed) => {
            if (!removed) return undefined;
            dml.mutationCount++;
            return emit(t.env[op.alias], { id: m.id, cas: m.cas, expiration: 0, seqno: 0 });
          }, failed(m.id));
        }
      }
      yield* window.drain();
    },
  };
}

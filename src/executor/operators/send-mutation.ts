import { bindDocument, childEnv, metaOf } from '../../eval/index.js';
import type { SendDelete, SendUpdate } from '../../planner/index.js';
import { toOutputValue, type Value } from '../../values/index.js';
import { dmlError } from '../dml-result.js';
import { blockScope, type CompileContext, type CompiledOperator } from '../operator-context.js';
import { waitFor, type Row, type RowStream } from '../runtime.js';
import { keyspaceOf } from './keyspace-of.js';

/**
 * SendUpdate / SendDelete: every target is read first (a statement never sees its own
 * changes), then each is written with the cas read, so a concurrent change makes that key fail
 * (12009) instead of being overwritten; the others are still written. Emits each changed
 * document (the new one for UPDATE, the removed one for DELETE) for RETURNING.
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
      for (const t of targets) {
        const m = metaOf(t.env, op.alias)!;
        let done: Row | undefined;
        const emit = (doc: Value, meta: { id: string; cas: number; expiration: number; seqno?: number }) => {
          const env = childEnv(t.env);
          bindDocument(env, op.alias, doc, { ...meta, keyspace: path });
          done = { env };
        };
        const write = update
          ? ks.replace(m.id, toOutputValue(t.clone), { cas: m.cas, expiration: t.expiration ?? (rc.preserveExpiry ? m.expiration : 0), ...(t.xattrs ? { xattrs: t.xattrs } : {}) }).then((meta) => {
              dml.mutationCount++;
              emit(t.clone, meta);
            })
          : ks.remove(m.id, { cas: m.cas }).then((removed) => {
              if (!removed) return;
              dml.mutationCount++;
              emit(t.env[op.alias], { id: m.id, cas: m.cas, expiration: 0, seqno: 0 });
            });
        yield waitFor(write.catch((err) => void dml.failures.push(dmlError(update ? 'UPDATE' : 'DELETE', m.id, err))));
        if (done) yield [done];
      }
    },
  };
}

import { rootEnv, siblingEnv, type Env } from '../../eval/index.js';
import type { PrimaryScan3 } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { BATCH_SIZE, due, PAUSE, ScanRow, type Row, type RowStream, type RunContext } from '../runtime.js';
import { keyspaceOf } from './keyspace-of.js';
import { withSource } from '../stream-source.js';

/**
 * PrimaryScan3: every live document of the keyspace, in key order, in batches (the Fetch after
 * it binds them). An uncorrelated scan's stream says what it is (stream-source.ts).
 */
export function compilePrimaryScan3(op: PrimaryScan3, cx: CompileContext): CompiledOperator {
  const source = { kind: 'scan', keyspace: op.keyspace } as const;
  return {
    cx,
    run: (input, outer, rc) => (outer ? scan(input, outer, rc) : withSource(scan(input, outer, rc), source)),
  };
  function* scan(_input: RowStream, outer: Env | undefined, rc: RunContext): RowStream {
    const ks = keyspaceOf(rc, op.keyspace);
    if (ks.scanChunks) {
      // A batch per chunk of the keyspace's documents (no generator step per document).
      for (const chunk of ks.scanChunks(BATCH_SIZE)) {
        const batch: Row[] = new Array(chunk.length);
        for (let i = 0; i < chunk.length; i++) {
          const d = chunk[i]!;
          batch[i] = new ScanRow(outer ? siblingEnv(outer) : rootEnv(), d.key, d);
        }
        yield batch;
        if (due(rc)) yield PAUSE;
      }
      return;
    }
    let batch: Row[] = [];
    for (const d of ks.scan()) {
      // A correlated scan's rows copy the outer row's names (siblingEnv: no prototype per outer row).
      batch.push(new ScanRow(outer ? siblingEnv(outer) : rootEnv(), d.key, d));
      if (batch.length >= BATCH_SIZE) {
        yield batch;
        batch = [];
        if (due(rc)) yield PAUSE;
      }
    }
    if (batch.length) yield batch;
  }
}

import { rootEnv } from '../../eval/index.js';
import { notSupported } from '../../errors/index.js';
import type { TransactionOperator } from '../../planner/index.js';
import type { Value } from '../../values/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { waitFor, type RowStream } from '../runtime.js';

/**
 * StartTransaction, CommitTransaction, RollbackTransaction, Savepoint, TransactionIsolation: each
 * asks the request's transaction control (`rc.transactions`, src/transactions/control.ts) to do
 * its statement. StartTransaction emits the `{"txid": …}` row. Source: couchbase/query
 * `execution/transactions.go`.
 */
export function compileTransactionOperator(op: TransactionOperator, cx: CompileContext): CompiledOperator {
  return {
    cx,
    run: function* (_input, _outer, rc): RowStream {
      const tx = rc.transactions;
      if (!tx) throw notSupported(`${op['#operator']} here`);
      switch (op['#operator']) {
        case 'StartTransaction': {
          const row: Value = tx.start();
          yield [{ env: rootEnv(), out: row }];
          return;
        }
        case 'CommitTransaction':
          yield waitFor(tx.commit());
          return;
        case 'RollbackTransaction':
          yield waitFor(tx.rollback(op.savepoint));
          return;
        case 'Savepoint':
          tx.savepoint(op.savepoint);
          return;
        case 'TransactionIsolation':
          tx.isolation();
          return;
      }
    },
  };
}

import type { TransactionControl } from '../executor/runtime.js';
import { statementNotSupported } from './errors.js';
import type { Transaction } from './transaction.js';
import type { BeginOptions, TransactionManager } from './transaction-manager.js';

/**
 * The transaction statements of one request (the executor's `rc.transactions`): `current` is the
 * transaction its `txid` names, if any. BEGIN inside a transaction and COMMIT, ROLLBACK,
 * SAVEPOINT or SET TRANSACTION outside one raise 17002 with the reference's statement names.
 */
export function transactionControl(manager: TransactionManager, current: Transaction | undefined, begin: BeginOptions): TransactionControl {
  const need = (what: string): Transaction => {
    if (!current) throw statementNotSupported(what, false);
    return current;
  };
  return {
    start() {
      if (current) throw statementNotSupported('START_TRANSACTION', true);
      return { txid: manager.begin(begin).id };
    },
    async commit() {
      await manager.commit(need('COMMIT'));
    },
    async rollback(savepoint) {
      if (savepoint === undefined) manager.rollback(need('ROLLBACK'));
      else need('ROLLBACK_SAVEPOINT').rollbackToSavepoint(savepoint);
    },
    savepoint(name) {
      need('SAVEPOINT').savepoint(name);
    },
    isolation() {
      need('SET_TRANSACTION_ISOLATION');
    },
  };
}

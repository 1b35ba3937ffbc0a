export { Transaction } from './transaction.js';
export { TransactionManager, DEFAULT_TX_TIMEOUT_MS, type BeginOptions } from './transaction-manager.js';
export { transactionControl } from './control.js';
export { statementNotSupported, transactionInUse } from './errors.js';
export type { IndexSource } from './tx-index.js';

/**
 * The transaction statements' operators, one per statement, as EXPLAIN shows them:
 * `StartTransaction` and `TransactionIsolation` with `isolation` 1 (READ COMMITTED, the one
 * level), `CommitTransaction`, `RollbackTransaction` (with `savepoint` for ROLLBACK TO
 * SAVEPOINT) and `Savepoint`. Source: couchbase/query `plan/transactions.go` (the reference's
 * EXPLAIN of each statement).
 */
export type TransactionOperator =
  | { '#operator': 'StartTransaction'; isolation: 1 }
  | { '#operator': 'CommitTransaction' }
  | { '#operator': 'RollbackTransaction'; savepoint?: string }
  | { '#operator': 'Savepoint'; savepoint: string }
  | { '#operator': 'TransactionIsolation'; isolation: 1 };

import { ErrorCode, QueryError } from '../errors/index.js';

/**
 * The reference's transaction errors (couchbase/query `errors/transactions.go`, codes in
 * `errors/codes.go`), with its message texts.
 */

/**
 * 17002: "`what` statement is not supported within the|outside the|in implicit transaction"
 * (`what` as the reference names the statement type, e.g. COMMIT, ROLLBACK_SAVEPOINT,
 * CREATE_INDEX; `inside` true: within, false: outside, 'implicit': in a tximplicit one).
 */
export function statementNotSupported(what: string, inside: boolean | 'implicit'): QueryError {
  const where = inside === 'implicit' ? 'in implicit' : inside ? 'within the' : 'outside the';
  return new QueryError({ code: ErrorCode.TRAN_STATEMENT_NOT_SUPPORTED, phase: 'execution', message: `${what} statement is not supported ${where} transaction` });
}

/** 17004: the `txid` names no transaction (never started, committed, rolled back or expired and gone). */
export function transactionNotPresent(txid: string): QueryError {
  return new QueryError({ code: ErrorCode.TRANSACTION_CONTEXT, phase: 'service', message: `Transaction context error: transaction (${txid}) is not present` });
}

/** 17007: COMMIT failed; the transaction was rolled back. */
export function commitFailed(why: string): QueryError {
  return new QueryError({ code: ErrorCode.COMMIT_TRANSACTION, phase: 'execution', message: `Commit Transaction statement error: ${why}` });
}

/** 17009: ROLLBACK TO SAVEPOINT of a name no SAVEPOINT defined. */
export function noSavepoint(name: string): QueryError {
  return new QueryError({ code: ErrorCode.NO_SAVEPOINT, phase: 'execution', message: `${name} savepoint is not defined` });
}

/** 17010: the transaction's txtimeout has passed (it is rolled back). */
export function transactionExpired(): QueryError {
  return new QueryError({ code: ErrorCode.TRANSACTION_EXPIRED, phase: 'execution', message: 'Transaction timeout' });
}

/** 17012: INSERT of a key that is live in the transaction's view. */
export function duplicateKey(key: string): QueryError {
  return new QueryError({ code: ErrorCode.TRANSACTION_DUPLICATE_KEY, phase: 'execution', message: `Duplicate Key: ${key}` });
}

/** 17013: a statement of a transaction arrived while another of the same transaction runs. */
export function transactionInUse(): QueryError {
  return new QueryError({ code: ErrorCode.TRANSACTION_INUSE, phase: 'service', message: 'Parallel execution of the statements are not allowed within the transaction' });
}

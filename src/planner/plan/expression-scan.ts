import type { Expr } from '../../ast/index.js';

/**
 * `FROM expr AS alias`: one row per element of the array value (one row for a non-array value,
 * none for MISSING). `uncorrelated` when the expression reads no outer name (the reference's
 * flag; it is then evaluated once). Source: couchbase/query `plan/scan_expression.go`.
 */
export interface ExpressionScan {
  '#operator': 'ExpressionScan';
  alias: string;
  expr: Expr;
  uncorrelated?: boolean;
  /** The inner side of a nested-loop join (printed, as the reference's). */
  nested_loop?: boolean;
}

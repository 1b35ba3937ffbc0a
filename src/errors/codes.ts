/**
 * Stable numeric error codes. Where the reference (couchbase/query `errors/codes.go`) has a code
 * for the same condition we use it; the others are in the reference's range for the phase.
 * docs/errors.md lists them all.
 */
export const ErrorCode = {
  /** Internal error: a bug in tokenql. */
  INTERNAL: 5000,
  /** No statement was given. (reference 1050) */
  NO_STATEMENT: 1050,
  /** EXECUTE of a name with no prepared statement (reference 4040 E_NO_SUCH_PREPARED; SDKs re-prepare on it). */
  NO_SUCH_PREPARED: 4040,
  /** A request parameter of the query service has a bad value (reference 1040 E_SERVICE_BAD_VALUE). */
  BAD_REQUEST_VALUE: 1040,
  /** The request's credentials are missing or wrong (reference 10000). */
  UNAUTHORIZED: 10000,
  /**
   * A named or positional parameter has no value: an evaluation error, as in the reference
   * (5010, "No value for named parameter $x"; the REST query service answers 500).
   */
  MISSING_PARAMETER: 5010,
  /** Syntax error (reference E_PARSE_SYNTAX). */
  SYNTAX: 3000,
  /**
   * Unknown function name ("Invalid function f"): the reference's parser raises it, so it is
   * E_PARSE_SYNTAX 3000 there (tokenql finds it after parsing: phase `semantic`).
   */
  UNKNOWN_FUNCTION: 3000,
  /**
   * Wrong number of arguments ("Number of arguments to function f must be …"): 3000, as the
   * reference's parser, which "rejects any other arity" (spec tokens-reference.md §1).
   */
  WRONG_ARITY: 3000,
  /** Aggregate used where it is not allowed (WHERE, nested aggregate). */
  AGGREGATE_MISUSE: 3012,
  /** A grouped query reads documents other than through group keys and aggregates (reference 4210 E_NOT_GROUP_KEY_OR_AGG). */
  NOT_GROUP_KEY_OR_AGG: 4210,
  /** Duplicate alias in FROM/UNNEST/LET or a projection. */
  DUPLICATE_ALIAS: 4020,
  /**
   * Something the statement asks for that tokenql does not implement (reference 1020
   * E_SERVICE_NOT_IMPLEMENTED; not 4050, E_UNRECOGNIZED_PREPARED, on which SDKs re-prepare).
   */
  NOT_SUPPORTED: 1020,
  /** A write to a `system:` keyspace (reference 11003 E_SYSTEM_NOT_IMPLEMENTED). */
  SYSTEM_READ_ONLY: 11003,
  /** A prepared plan cannot be decoded (reference 4070). */
  BAD_PLAN: 4070,
  /** Error evaluating an expression (reference E_EVALUATION 5010). */
  EVALUATION: 5010,
  /** A keyspace named in the statement does not exist (reference 12003). */
  KEYSPACE_NOT_FOUND: 12003,
  /** DML error, e.g. duplicate key on INSERT (reference 12009). */
  DML: 12009,
  /** A LIMIT or OFFSET that is not an integer (reference 5030 E_INVALID_VALUE, "Invalid LIMIT value 1.5."). */
  INVALID_VALUE: 5030,
  /** A key that is not a string, or an empty key. */
  INVALID_KEY: 5070,
  /** CREATE INDEX of an index that exists (reference 4300). */
  INDEX_EXISTS: 4300,
  /** DROP/BUILD INDEX of an index that does not exist (reference 12016). */
  INDEX_NOT_FOUND: 12016,
  /** A vector function's query vector is not an array of numbers (reference 5430 E_VECTOR_FUNC_INVALID_PARAM). */
  VECTOR_PARAMETER: 5430,
  /** A vector distance function's metric is not one it knows (reference 10510). */
  VECTOR_METRIC: 10510,
  /** ISVECTOR's dimension is not a positive integer (reference 10512). */
  VECTOR_DIMENSION: 10512,
  /** ISVECTOR's third argument is not "float32" (reference 10513). */
  VECTOR_TYPE: 10513,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

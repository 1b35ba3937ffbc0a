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
  /** A LET or LETTING variable whose name is already bound in the block (reference 3081, "Duplicate variable: 'x' already in scope."). */
  DUPLICATE_VARIABLE: 3081,
  /** An unqualified name in a block with several FROM terms that no alias or variable binds (reference 3080, "Ambiguous reference to field 'x'."). */
  AMBIGUOUS_REFERENCE: 3080,
  /** A plan-time semantic error without a code of its own, e.g. "Aggregates not allowed in WHERE." (reference 4000 E_PLAN). */
  PLAN: 4000,
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
  /** A function's operands fail its own checks, e.g. `_TIMESERIES(1)` (reference 3100, "… function operands are invalid"). */
  FUNCTION_OPERANDS_INVALID: 3100,
  /**
   * Aggregate used where it is not allowed (WHERE, nested aggregate), or a subquery in an
   * aggregate's FILTER: the reference's semantic error 4000 ("Aggregates not allowed in WHERE",
   * "Nested aggregates are not allowed", "Subqueries are not allowed in aggregate filter").
   */
  AGGREGATE_MISUSE: 4000,
  /** A grouped query reads documents other than through group keys and aggregates (reference 4210 E_NOT_GROUP_KEY_OR_AGG). */
  NOT_GROUP_KEY_OR_AGG: 4210,
  /** Duplicate alias in FROM/UNNEST/LET or a projection. */
  DUPLICATE_ALIAS: 4020,
  /** Lookup (ON KEYS) and ANSI joins in one FROM clause (reference 3200 E_MIXED_JOIN). */
  JOIN_MIX: 3200,
  /** An index join (ON KEY … FOR …) without an index on the key (reference 4100 E_NO_INDEX_JOIN). */
  NO_INDEX_JOIN: 4100,
  /** An index join's FOR names no alias bound before it (reference 4025 "Unknown JOIN for alias 'c'"). */
  UNKNOWN_FOR: 4025,
  /** USE KEYS VALIDATE / ON KEYS VALIDATE keys naming no document (a warning, reference 5503). */
  MISSING_KEYS: 5503,
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
  /** ABORT(v) was evaluated (reference E_ABORT 5011, "Abort: v. - cause: v"). */
  ABORT: 5011,
  /** A keyspace named in the statement does not exist (reference 12003). */
  KEYSPACE_NOT_FOUND: 12003,
  /** DML error, e.g. duplicate key on INSERT (reference 12009). */
  DML: 12009,
  /** A LIMIT or OFFSET that is not an integer (reference 5030 E_INVALID_VALUE, "Invalid LIMIT value 1.5."). */
  INVALID_VALUE: 5030,
  /**
   * A request stopped before its end: cancelled through `QueryOptions.signal`, or past its
   * deadline. The reference has no code of its own for a cancelled request; it ends a request
   * stopped by its deadline with 1080 E_SERVICE_TIMEOUT ("Timeout … exceeded"), and tokenql
   * reports every stopped request with that code (docs/architecture.md).
   */
  REQUEST_STOPPED: 1080,
  /** A key that is not a string, or an empty key. */
  INVALID_KEY: 5070,
  /** CREATE INDEX of an index that exists (reference 4300). */
  INDEX_EXISTS: 4300,
  /** DROP/BUILD INDEX of an index that does not exist (reference 12016). */
  INDEX_NOT_FOUND: 12016,
  /**
   * The user lacks a privilege the statement needs (reference 13014
   * E_DATASTORE_INSUFFICIENT_CREDENTIALS; the query service answers 401).
   */
  INSUFFICIENT_CREDENTIALS: 13014,
  /** The request ran past its `timeout` (reference 1080 E_SERVICE_TIMEOUT, "Timeout 200ms exceeded"). */
  TIMEOUT: 1080,
  /** The request used more memory than its quota (reference 5500 E_MEMORY_QUOTA_EXCEEDED). */
  MEMORY_QUOTA: 5500,
  /** A request parameter of the wrong type (reference 1070 E_SERVICE_TYPE_MISMATCH). */
  REQUEST_TYPE_MISMATCH: 1070,
  /** A request parameter with a value the service does not know (reference 1030 E_SERVICE_UNRECOGNIZED_VALUE). */
  REQUEST_UNRECOGNIZED_VALUE: 1030,
  /** A `client_context_id` with `\` or `"` (reference 1110 E_SERVICE_CLIENTID). */
  CLIENT_ID: 1110,
  /** Too many failed logins from one user or address (query service: HTTP 429; reference 1191 E_SERVICE_USER_REQUEST_RATE_EXCEEDED). */
  RATE_LIMITED: 1191,
  /** An answer too large to send (reference 1194 E_SERVICE_USER_RESULT_SIZE_EXCEEDED, HTTP 413). */
  RESULT_TOO_LARGE: 1194,
  /** Warning (not an error): a division by zero gave NULL ("Division by 0.", reference 5036 W_DIVIDE_BY_ZERO). */
  WARN_DIVISION_BY_ZERO: 5036,
  /** A vector function's query vector is not an array of numbers (reference 5430 E_VECTOR_FUNC_INVALID_PARAM). */
  VECTOR_PARAMETER: 5430,
  /** A vector distance function's metric is not one it knows (reference 10510). */
  VECTOR_METRIC: 10510,
  /** ISVECTOR's dimension is not a positive integer (reference 10512). */
  VECTOR_DIMENSION: 10512,
  /** ISVECTOR's third argument is not "float32" (reference 10513). */
  VECTOR_TYPE: 10513,
  /** CREATE SEQUENCE failed (reference 19101 E_SEQUENCE_CREATE, "Create failed for sequence '…'"). */
  SEQUENCE_CREATE: 19101,
  /** ALTER SEQUENCE failed (reference 19102 E_SEQUENCE_ALTER). */
  SEQUENCE_ALTER: 19102,
  /** A sequence's MINVALUE is not below its MAXVALUE (reference 19104 E_SEQUENCE_INVALID_RANGE, "Invalid range 10 to 5"). */
  SEQUENCE_INVALID_RANGE: 19104,
  /** A CACHE below 1 (reference 19105 E_SEQUENCE_INVALID_CACHE, "Invalid cache value 0"). */
  SEQUENCE_INVALID_CACHE: 19105,
  /** No such sequence (reference 19106 E_SEQUENCE_NOT_FOUND, "Sequence '…' not found"). */
  SEQUENCE_NOT_FOUND: 19106,
  /** CREATE SEQUENCE of an existing one (reference 19108 E_SEQUENCE_ALREADY_EXISTS). */
  SEQUENCE_EXISTS: 19108,
  /** A NO CYCLE sequence past its limit (reference 19111 E_SEQUENCE_EXHAUSTED, "Sequence '…' has reached its limit"). */
  SEQUENCE_EXHAUSTED: 19111,
  /** Warning: a CACHE below 10 (reference 19115 W_SEQUENCE_CACHE_SIZE, "Cache size (5) below recommended minimum"). */
  WARN_SEQUENCE_CACHE_SIZE: 19115,
  /** A sequence name without bucket and scope (reference 19116 E_SEQUENCE_NAME_PARTS). */
  SEQUENCE_NAME_PARTS: 19116,
  /** Warning: PREV VALUE before any NEXT VALUE (reference 19118 W_SEQUENCE_NO_PREV_VALUE). */
  WARN_SEQUENCE_NO_PREV_VALUE: 19118,
  /** INSERT/UPSERT OPTIONS of the wrong type (reference 5071 E_INSERT_OPTIONS_TYPE). */
  INSERT_OPTIONS_TYPE: 5071,
  /** A WITH option the statement does not take (reference 12038 E_WITH_INVALID_OPTION). */
  WITH_INVALID_OPTION: 12038,
  /** A FROM term reads a WITH alias whose name a FROM alias of an enclosing block rebinds (reference 4021, "Duplicate WITH alias reference in FROM expression: 'a'"). */
  DUPLICATE_WITH_REFERENCE: 4021,
  /** A recursive WITH's body breaks its rules: ORDER/LIMIT/OFFSET, grouping, aggregates, DISTINCT (reference 3300 E_RECURSIVE_WITH_SEMANTIC). */
  RECURSIVE_WITH_SEMANTICS: 3300,
  /** A recursive WITH's anchor clause reads the WITH alias (reference 3301). */
  RECURSIVE_ANCHOR: 3301,
  /** A recursive WITH's recursive clause reads its alias more than once in FROM (reference 3302). */
  MORE_THAN_ONE_RECURSIVE_REF: 3302,
  /** An OPTIONS member a recursive WITH does not know (reference 3303, "Invalid config option x"). */
  RECURSIVE_CONFIG_OPTION: 3303,
  /** UNNEST, NEST or an OUTER JOIN in a recursive WITH (reference 3304, "recursive_with_unsupported: UNNEST"). */
  RECURSION_UNSUPPORTED: 3304,
  /** Warning: a recursive WITH stopped at its default depth (reference 3306). */
  WARN_RECURSION_DEPTH: 3306,
  /** An execution error the reference reports as internal (reference 5002 E_INTERNAL, "Execution internal error: …"). */
  EXECUTION_INTERNAL: 5002,
  /** A window function used against its rules: ORDER BY required, frame not allowed, invalid frame (reference 3220 E_WINDOW_SEMANTIC). */
  WINDOW_SEMANTIC: 3220,
  /** A window function failed while computing (reference 5340 E_WINDOW_EVALUATION, "Error evaluating Window function."). */
  WINDOW_EVALUATION: 5340,
  /** A WINDOW clause name that does not resolve or repeats (the reference's 6500, raised by its parser). */
  WINDOW_CLAUSE: 6500,
  /** MERGE … ON KEY whose INSERT gives a document key (reference 3150 E_MERGE_INSERT_NO_KEY). */
  MERGE_INSERT_NO_KEY: 3150,
  /** MERGE … ON condition whose INSERT gives no document key (reference 3160 E_MERGE_INSERT_MISSING_KEY). */
  MERGE_INSERT_MISSING_KEY: 3160,
  /** MERGE … ON KEY with USE INDEX on the target (reference 3180 E_MERGE_NO_INDEX_HINT). */
  MERGE_NO_INDEX_HINT: 3180,
  /** MERGE … ON KEY with a join hint on the source (reference 3190 E_MERGE_NO_JOIN_HINT). */
  MERGE_NO_JOIN_HINT: 3190,
  /** A MERGE that would update or delete one document twice (reference 5320 E_MERGE_MULTI_UPDATE). */
  MERGE_MULTI_UPDATE: 5320,
  /** A MERGE that would insert one document twice (reference 5330 E_MERGE_MULTI_INSERT). */
  MERGE_MULTI_INSERT: 5330,
  /** INSERT/UPSERT/MERGE options that are not an object (reference 5071, "Cannot INSERT non-OBJECT options 5 …"). */
  INVALID_OPTIONS: 5071,
  /** A statement that cannot run inside (or outside) a transaction, e.g. "COMMIT statement is not supported outside the transaction" (reference 17002 E_TRAN_STATEMENT_NOT_SUPPORTED). */
  TRAN_STATEMENT_NOT_SUPPORTED: 17002,
  /** A `txid` that names no transaction: "Transaction context error: transaction (x) is not present" (reference 17004 E_TRANSACTION_CONTEXT). */
  TRANSACTION_CONTEXT: 17004,
  /** COMMIT failed (a write-write conflict): the transaction is rolled back (reference 17007 E_COMMIT_TRANSACTION). */
  COMMIT_TRANSACTION: 17007,
  /** ROLLBACK TO SAVEPOINT of an unknown name: "s savepoint is not defined" (reference 17009 E_NO_SAVEPOINT). */
  NO_SAVEPOINT: 17009,
  /** The transaction's `txtimeout` passed: "Transaction timeout" (reference 17010 E_TRANSACTION_EXPIRED). */
  TRANSACTION_EXPIRED: 17010,
  /** INSERT of a key that exists, inside a transaction: "Duplicate Key: k" (reference 17012 E_DUPLICATE_KEY). */
  TRANSACTION_DUPLICATE_KEY: 17012,
  /** Two statements of one transaction at once (reference 17013 E_TRANSACTION_INUSE). */
  TRANSACTION_INUSE: 17013,
  /** DROP/EXECUTE of a user-defined function that does not exist (reference 10101 E_MISSING_FUNCTION, "Function 'f' not found"). */
  FUNCTION_NOT_FOUND: 10101,
  /** CREATE FUNCTION of a name in use (reference 10102 E_DUPLICATE_FUNCTION, "Function 'f' already exists"). */
  FUNCTION_EXISTS: 10102,
  /** A user-defined function called with the wrong number of arguments (reference 10104 E_ARGUMENTS_MISMATCH). */
  FUNCTION_ARGUMENTS: 10104,
  /** A user-defined function failed while running: JavaScript error, time or memory limit (reference 10109 E_FUNCTION_EXECUTION). */
  FUNCTION_EXECUTION: 10109,
  /** User-defined function calls nested too deeply (reference 10112 E_TOO_MANY_NESTED_FUNCTIONS). */
  FUNCTION_NESTING: 10112,
  /** FLATTEN_KEYS outside the mapping of an array index key (reference 3283, "flatten_keys(…) is not allowed in this context."). */
  FLATTEN_KEYS_CONTEXT: 3283,
  /** A nested `(DISTINCT|ALL ARRAY … END)` outside an array index key (reference 3284, "ALL/DISTINCT is not allowed in …."). */
  ARRAY_KEY_CONTEXT: 3284,
  /** An ORDER BY direction or NULLS position that is no parameter (reference 3291, "ORDER BY direction '…' is not a valid constant, named, positional or function parameter."). */
  ORDER_PARAMETER: 3291,
  /** INCLUDE MISSING on an index key that is not the leading one, or on a FLATTEN_KEYS key that is not the first of the leading key (reference 3281, "`k` (near line 1, column 35) MISSING attribute not allowed (Only allowed with gsi leading key)."). */
  INDEX_MISSING_NOT_LEADING: 3281,
  /** INCLUDE MISSING in a CREATE INDEX … USING VIEW (reference 3286, "Index attributes USING FTS is not allowed."). */
  INDEX_ATTRIBUTES_USING: 3286,
  /** PREPARE of a name prepared already with another text (reference 4060 E_PREPARED_NAME, "Unable to add name: duplicate name: p"). */
  PREPARED_NAME_EXISTS: 4060,
  /** An INFER option the reference does not know or a wrong-typed one (reference 7000, "Invalid option 'bogus'"). */
  INFER_OPTION: 7000,
  /** `META()` without an argument in a block without exactly one FROM term (reference 4310, "META() in query with multiple FROM terms requires an argument"). */
  META_NEEDS_ARGUMENT: 4310,
  /** A FROM or UNNEST term without a name (reference 4010, "FROM expression term (near line L, column C) must have a name or alias"). */
  TERM_NEEDS_ALIAS: 4010,
  /** A subquery that cannot run: a correlated one whose keyspace has more than 1000 documents and no secondary index to use (reference 5370 E_SUBQUERY_BUILD, "Unable to run subquery"). */
  SUBQUERY_BUILD: 5370,
  /** ADVISOR stop of a session that does not exist (reference 10500, "Advisor: Session not found."). */
  ADVISOR_SESSION_NOT_FOUND: 10500,
  /** ADVISOR with an action it does not know (reference 10501, "Advisor: Invalid value for 'action'"). */
  ADVISOR_INVALID_ACTION: 10501,
  /** ADVISOR with an object that has no action (reference 10502, "Advisor: missing argument for 'action'"). */
  ADVISOR_ACTION_MISSING: 10502,
  // ---- User, group and role administration (couchbase/query errors/codes.go 5210–5281; docs/security.md) ----
  /** ALTER/DROP USER, GRANT/REVOKE of a user that does not exist (reference 5210 E_USER_NOT_FOUND, "Unable to find user local:joe."). */
  USER_NOT_FOUND: 5210,
  /** CREATE USER of an existing user without IF NOT EXISTS (reference 5211 E_USER_EXISTS, "User local:joe already exists."). */
  USER_EXISTS: 5211,
  /** A user attribute missing or not allowed for its domain (reference 5212 E_USER_ATTRIBUTE, "Attribute 'password' required for local users."). */
  USER_ATTRIBUTE: 5212,
  /** CREATE GROUP of an existing group without IF NOT EXISTS (reference 5213 E_GROUP_EXISTS, "Group g1 already exists."). */
  GROUP_EXISTS: 5213,
  /** A group named by a statement that does not exist (reference 5214 E_GROUP_NOT_FOUND, "Unable to find group g1."). */
  GROUP_NOT_FOUND: 5214,
  /** A group attribute missing (reference 5215 E_GROUP_ATTRIBUTE, "Attribute 'roles' required for groups."). */
  GROUP_ATTRIBUTE: 5215,
  /** CREATE/ALTER USER or GROUP that sets nothing (reference 5216 E_MISSING_ATTRIBUTES, "Missing attributes for user."). */
  MISSING_ATTRIBUTES: 5216,
  /** A role that needs a keyspace given without one (reference 5220 E_ROLE_REQUIRES_KEYSPACE, "Role query_select requires a keyspace."). */
  ROLE_REQUIRES_KEYSPACE: 5220,
  /** A scope-level role given on a collection (reference 5221 E_ROLE_INCORRECT_LEVEL, "Role query_manage_functions cannot be specified at the collection level."). */
  ROLE_INCORRECT_LEVEL: 5221,
  /** A cluster-wide role given on a keyspace (reference 5230 E_ROLE_TAKES_NO_KEYSPACE, "Role admin does not take a keyspace."). */
  ROLE_TAKES_NO_KEYSPACE: 5230,
  /** A role's keyspace that does not exist (reference 5240 E_NO_SUCH_KEYSPACE, "Keyspace default:nokeyspace is not valid."). */
  NO_SUCH_KEYSPACE: 5240,
  /** A role's scope that does not exist (reference 5241 E_NO_SUCH_SCOPE, "Scope default:b1.s9 is not valid."). */
  NO_SUCH_SCOPE: 5241,
  /** A role name the cluster does not know (reference 5250 E_ROLE_NOT_FOUND, "Role nosuchrole is not valid."). */
  ROLE_NOT_FOUND: 5250,
  /** Warning: GRANT of a role the user or group has (reference 5260 W_ROLE_ALREADY_PRESENT). */
  WARN_ROLE_ALREADY_PRESENT: 5260,
  /** Warning: REVOKE of a role the user or group has not (reference 5270 W_ROLE_NOT_PRESENT). */
  WARN_ROLE_NOT_PRESENT: 5270,
  /** Warning: REVOKE left a user without roles (reference 5280 W_USER_WITH_NO_ROLES). */
  WARN_USER_WITH_NO_ROLES: 5280,
  /** Warning: REVOKE left a group without roles (reference 5281 W_GROUP_WITH_NO_ROLES, "Group g1 has no roles."). */
  WARN_GROUP_WITH_NO_ROLES: 5281,
  /** A user or group change the cluster refuses, e.g. removing the last Full Admin (reference 11010 E_SYSTEM_UNABLE_TO_UPDATE, "System datastore : unable to update user information in server"). */
  UNABLE_TO_UPDATE_USERS: 11010,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * tokenql's public API: the only module adapters, the CLI and users import (DESIGN §3).
 */
export { Database } from './database/database.js';
export type { OpenOptions } from './database/types.js';
export type { Library } from './executor/udf/library-catalog.js';
export type { JavascriptLimits } from './executor/udf/javascript-engine.js';
export type { QueryOptions, QueryResult, QueryMetrics, QueryProfile, IndexBuildProgress, ScanProgress, DurabilityLevel } from './query-types.js';
export type { LoadOptions, LoadProgress, LoadReport, LoadFailure, KeySpec } from './load/index.js';
export { QueryError, ErrorCode, type Phase, type SourcePosition } from './errors/index.js';
export type { PrivilegeNeed, QueryPrivilege } from './ast/privileges.js';
export { PrincipalStore, hashPassword, verifyPassword, roleLevel, type PrincipalAdministration, type PrincipalUser, type PrincipalGroup, type HashRunner, type RoleLevel } from './security/index.js';
export type { Value, ObjectValue } from './values/index.js';
export type { BucketStats, FileStats, CompactionOptions, CompactionResult } from './storage/compaction.js';
export { StoreError, type DocumentMeta, type StoredDocument, type WriteOptions } from './storage/index.js';
export { isPostgresUrl } from './storage/postgres/index.js';
export { MISSING, collate, equivalent, typeName, toJSON, toOutputValue, cloneValue } from './values/index.js';
export { parseStatement, parseExpression } from './syntax/parse.js';
export { nextTokens, type NextTokens } from './syntax/next-tokens.js';
export { printExpr, printStatement } from './ast/print.js';
export { tokens, containsToken, parseTokenOptions, type TokenOptions } from './tokens/index.js';
export { allFunctions } from './eval/functions/registry.js';
export { readDocuments, compileKeyTemplate } from './load/index.js';
export { compareRevs, revDigest, revPos } from './replication/revision-ids.js';
export { generateDemoDocuments, DEMO_KEYSPACE } from './demo/generate-demo.js';

import { allFunctions } from './eval/functions/registry.js';
import { AGGREGATE_NAMES } from './eval/aggregate-names.js';

/** Every function name the engine knows (upper case, aliases and aggregates included), sorted. */
export function functionNames(): string[] {
  const names = new Set<string>(['META']);
  for (const f of allFunctions()) {
    names.add(f.name);
    for (const a of f.aliases ?? []) names.add(a);
  }
  for (const a of AGGREGATE_NAMES) names.add(a.toUpperCase());
  return [...names].sort();
}

import type { SequenceSettings } from './sequence-registry.js';

/**
 * A database's sequences, as the engine reaches them (CREATE / ALTER / DROP SEQUENCE, NEXT /
 * PREV VALUE FOR, `system:sequences`, EXTRACTDDL). Names are full names
 * (`namespace:bucket.scope.name`); values are 64-bit integers (numbers outside, bigint inside).
 * Two implementations: {@link SequenceRegistry} (memory and file stores: the reference's block
 * allocation over a saved record) and `PgSequences` (the PostgreSQL store: one PostgreSQL
 * sequence each, shared by every query node). Errors are QueryErrors with the reference's
 * sequence codes (191xx).
 */
export interface Sequences {
  /** Full names of the sequences, sorted. */
  names(): string[];
  has(name: string): boolean;
  /** CREATE SEQUENCE; returns the 19115 warning message when the cache is below 10. @throws QueryError 19108, 19101 */
  create(name: string, o: SequenceSettings): string | undefined;
  /** Drops every sequence of a bucket (the bucket was dropped). */
  dropBucket(namespace: string, bucket: string): void;
  /** DROP SEQUENCE. @throws QueryError 19106 */
  drop(name: string): void;
  /** ALTER SEQUENCE; returns the 19115 warning message when the new cache is below 10. @throws QueryError 19106, 19102 */
  alter(name: string, o: SequenceSettings): string | undefined;
  /** NEXT VALUE FOR. @throws QueryError 19106, 19111 */
  next(name: string): number;
  /** PREV VALUE FOR: the value NEXT VALUE last gave on this node, undefined before any. @throws QueryError 19106 */
  prev(name: string): number | undefined;
  /** The settings as created or altered, for EXTRACTDDL. */
  settings(name: string): { start: bigint; cache: bigint; min: bigint; max: bigint; increment: bigint; cycle: boolean } | undefined;
  /** The row of `system:sequences` (reference `FetchSequence`); `node` names this node. */
  row(name: string, node: string): Record<string, unknown> | undefined;
}

import type { KeyspaceStore } from '../storage/index.js';

/** The reference's durability levels (`durability_level`; "" is `none`). */
export type DurabilityLevelName = 'none' | 'majority' | 'majorityAndPersistActive' | 'persistToMajority';

/** Nodes tokenql runs on: one (its data has no other copy to wait for). */
export const NODES = 1;

/**
 * Why a write at `level` to a bucket with `replicas` replicas cannot be acknowledged, or
 * undefined when it can. Every level other than `none` waits for a majority of the bucket's
 * copies (`floor((replicas + 1) / 2) + 1`), each on its own node: with one node, a bucket with
 * a replica can never reach it, and the data service refuses the write with status
 * DURABILITY_IMPOSSIBLE (0xa1) instead of waiting. Source: Couchbase Server's durability
 * (memcached status `DurabilityImpossible`; the reference's suite, gsi/durability
 * durability_neg.json, on a one-node cluster whose `customer` bucket has a replica).
 */
export function durabilityImpossible(level: DurabilityLevelName | undefined, replicas: number): string | undefined {
  if (!level || level === 'none' || replicas <= 0) return undefined;
  const majority = Math.floor((replicas + 1) / 2) + 1;
  if (majority <= NODES) return undefined;
  return `DURABILITY_IMPOSSIBLE: durability level ${level} needs ${majority} of the bucket's ${replicas + 1} copies on distinct nodes; there is ${NODES} node`;
}

/**
 * `ks` whose writes (insert, upsert, replace, remove) fail with `cause` (reads are unchanged):
 * a DML statement turns each failure into its per-key error 12009, as for any refused write.
 */
export function refusingWrites(ks: KeyspaceStore, cause: string): KeyspaceStore {
  const refuse = () => Promise.reject(new Error(cause));
  return Object.assign(Object.create(ks) as KeyspaceStore, { insert: refuse, upsert: refuse, replace: refuse, remove: refuse });
}

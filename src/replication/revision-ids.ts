/**
 * Revision ids `N-<digest>` as CouchDB makes them, and the order that picks a document's winning
 * revision (docs/replication.md). Shared by the gateway's replication endpoints and the client's
 * replicator: both sides of a replication must pick the same winner, so there is one rule.
 */

/** The generation (the N of `N-digest`) of a well-formed revision id. */
export function revPos(rev: string): number {
  return parseInt(rev, 10);
}

/** The digest (the part after `N-`) of a revision id. */
export function revDigest(rev: string): string {
  return rev.slice(rev.indexOf('-') + 1);
}

/**
 * CouchDB's winner order of two revisions (negative when `a` wins): live before deleted, then
 * higher generation, then higher digest (compared as strings).
 */
export function compareRevs(a: string, aDeleted: boolean, b: string, bDeleted: boolean): number {
  if (aDeleted !== bDeleted) return aDeleted ? 1 : -1;
  const pa = revPos(a);
  const pb = revPos(b);
  if (pa !== pb) return pb - pa;
  const ga = revDigest(a);
  const gb = revDigest(b);
  return ga < gb ? 1 : ga > gb ? -1 : 0;
}

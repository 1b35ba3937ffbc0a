/**
 * The revision model of the replication endpoints (docs/replication.md): revision ids
 * `N-<digest>` as CouchDB makes them, one revision tree per document, the winning revision
 * and the conflicts. Pure functions over plain JSON data, so that a tree is stored as it is.
 */
import { createHash } from 'node:crypto';
import { compareRevs, revDigest, revPos, type ObjectValue } from '../../../index.js';

/** One revision of a tree: its parent (absent for a root or a stemmed history) and the deleted flag. */
export interface RevNode {
  p?: string;
  d?: true;
}

/** A revision tree: every known revision by id. */
export type RevTree = Record<string, RevNode>;

/** A document with its tree and the bodies of its leaves (only leaves keep a body, as after compaction). */
export interface RevDoc {
  tree: RevTree;
  bodies: Record<string, ObjectValue>;
}

/** Why an edit was refused: `conflict` (409) or `bad` (400, with a reason). */
export type EditError = { kind: 'conflict' } | { kind: 'bad'; reason: string };

const REV_RE = /^([1-9][0-9]*)-([0-9A-Za-z_.]+)$/;

/** Whether a string is a well-formed revision id `N-digest`. */
export function isRev(rev: unknown): rev is string {
  return typeof rev === 'string' && REV_RE.test(rev);
}

/**
 * Whether `rev` is a revision of `tree`: a well-formed id that the tree has as its own key (a
 * tree is a plain object, so `constructor` or `__proto__` from a request must not be found on it).
 */
export function knownRev(tree: RevTree, rev: string): boolean {
  return isRev(rev) && Object.hasOwn(tree, rev);
}

/**
 * A new revision id: the generation after the parent's, and the MD5 of the deleted flag,
 * the parent revision and the body, as CouchDB digests a new edit.
 */
export function newRevId(parent: string | undefined, body: ObjectValue, deleted: boolean): string {
  const digest = createHash('md5').update(JSON.stringify([deleted, parent ?? null, body])).digest('hex');
  return `${parent ? revPos(parent) + 1 : 1}-${digest}`;
}

/** The leaves of a tree (revisions that are nobody's parent). */
export function leaves(tree: RevTree): string[] {
  const parents = new Set<string>();
  for (const node of Object.values(tree)) if (node.p) parents.add(node.p);
  return Object.keys(tree).filter((r) => !parents.has(r));
}

/** The leaves, the winning revision first. */
export function sortedLeaves(tree: RevTree): string[] {
  return leaves(tree).sort((a, b) => compareRevs(a, tree[a]!.d === true, b, tree[b]!.d === true));
}

/** The winning revision of a non-empty tree. */
export function winner(tree: RevTree): string {
  return sortedLeaves(tree)[0]!;
}

/** The live leaves other than the winner (`_conflicts`). */
export function conflicts(tree: RevTree): string[] {
  return sortedLeaves(tree)
    .slice(1)
    .filter((r) => !tree[r]!.d);
}

/** The deleted leaves other than the winner (`_deleted_conflicts`). */
export function deletedConflicts(tree: RevTree): string[] {
  return sortedLeaves(tree)
    .slice(1)
    .filter((r) => tree[r]!.d);
}

/** The ancestry of a revision, newest first (the revision itself included). */
export function ancestry(tree: RevTree, rev: string): string[] {
  const path: string[] = [];
  for (let r: string | undefined = rev; r !== undefined && tree[r] && path.length < 10000; r = tree[r]!.p) path.push(r);
  return path;
}

/** The `_revisions` field of a revision: `{start, ids}` with the digests newest first. */
export function revisionsOf(tree: RevTree, rev: string): { start: number; ids: string[] } {
  const path = ancestry(tree, rev);
  const ids: string[] = [];
  for (let i = 0; i < path.length; i++) {
    // A stemmed history stops where the generations are no longer consecutive.
    if (i > 0 && revPos(path[i]!) !== revPos(path[i - 1]!) - 1) break;
    ids.push(revDigest(path[i]!));
  }
  return { start: revPos(rev), ids };
}

/** The leaves that descend from (or are) a revision, for `latest=true`. */
export function latestOf(tree: RevTree, rev: string): string[] {
  return leaves(tree).filter((leaf) => ancestry(tree, leaf).includes(rev));
}

/** Keeps the bodies of leaves only. */
function pruneBodies(doc: RevDoc): void {
  const isLeaf = new Set(leaves(doc.tree));
  for (const r of Object.keys(doc.bodies)) if (!isLeaf.has(r)) delete doc.bodies[r];
}

/**
 * Applies a new edit (`new_edits` true): `rev` is the revision the client edited (absent for a
 * new document). It must be a leaf; without it the document must not exist or its winner must
 * be deleted (the new revision then extends that deletion). Mutates `doc`; returns the new rev.
 */
export function applyEdit(doc: RevDoc, rev: string | undefined, body: ObjectValue, deleted: boolean): string | EditError {
  const known = Object.keys(doc.tree).length > 0;
  let parent: string | undefined;
  if (rev === undefined) {
    if (known) {
      const w = winner(doc.tree);
      if (!doc.tree[w]!.d) return { kind: 'conflict' };
      parent = w;
    }
  } else {
    if (!isRev(rev)) return { kind: 'bad', reason: `Invalid revision ID "${rev}"` };
    if (!doc.tree[rev] || !leaves(doc.tree).includes(rev)) return { kind: 'conflict' };
    parent = rev;
  }
  const next = newRevId(parent, body, deleted);
  if (doc.tree[next]) return { kind: 'conflict' };
  const node: RevNode = {};
  if (parent) node.p = parent;
  if (deleted) node.d = true;
  doc.tree[next] = node;
  doc.bodies[next] = body;
  pruneBodies(doc);
  return next;
}

/**
 * Inserts a revision with its history as given (`new_edits:false`, the replicator's writes):
 * `revisions` is `_revisions` (`{start, ids}`, newest first); without it the revision has no
 * known parent. Revisions already in the tree are kept; returns false when nothing changed.
 */
export function mergeRevision(doc: RevDoc, rev: string, revisions: unknown, body: ObjectValue, deleted: boolean): boolean | EditError {
  if (!isRev(rev)) return { kind: 'bad', reason: `Invalid revision ID "${rev}"` };
  let path = [rev];
  if (revisions !== undefined) {
    const r = revisions as { start?: unknown; ids?: unknown };
    if (typeof r !== 'object' || r === null || typeof r.start !== 'number' || !Array.isArray(r.ids) || r.ids.length === 0)
      return { kind: 'bad', reason: 'Bad _revisions' };
    const start = r.start;
    path = r.ids.map((id, i) => `${start - i}-${String(id)}`);
    if (path[0] !== rev) return { kind: 'bad', reason: '_revisions does not match _rev' };
    if (!path.every(isRev)) return { kind: 'bad', reason: 'Bad _revisions' };
  }
  if (doc.tree[rev]) return false;
  const tree: RevTree = doc.tree;
  for (let i = path.length - 1; i >= 0; i--) {
    const r = path[i]!;
    const parent = path[i + 1];
    const node = tree[r];
    if (!node) tree[r] = parent !== undefined ? { p: parent } : {};
    // A revision known from a stemmed (cut-off) history gets the parent this longer history
    // gives it: the older revisions join its branch instead of standing as leaves of their own.
    else if (node.p === undefined && parent !== undefined) tree[r] = { ...node, p: parent }; // (nodes are shared with the stored, frozen tree)
  }
  if (deleted) tree[rev]!.d = true;
  doc.bodies[rev] = body;
  pruneBodies(doc);
  return true;
}

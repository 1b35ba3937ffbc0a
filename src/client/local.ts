/**
 * The local side of replication: the documents of one keyspace of a tokenql {@link Database}
 * (plain bodies, so local N1QL sees them) and, in a second keyspace (default `_replicator_revs`),
 * one revision record per document, key `doc:<keyspace>:<id>`.
 *
 * How local changes are found (docs/client.md): a record stores the document's `cas` as it was
 * when the record was last written. A live document without a record, or whose `cas` differs, was
 * written locally since; a record of a live revision whose document is gone was deleted locally.
 * Such a document gets a new revision (generation + 1) when the push side asks for changes, so
 * any local write counts — `db.upsert`, `db.remove`, N1QL `UPDATE`/`DELETE` alike.
 */
import { createHash, randomUUID } from 'node:crypto';
import { compareRevs, revDigest, revPos, type Database, type ObjectValue, type StoredDocument, type Value } from '../index.js';

/** The revision record of one document. */
export interface RevRecord {
  /** The current revision `<generation>-<hash>`. */
  rev: string;
  /** Revision hashes, newest first (at most {@link MAX_HISTORY}). */
  history: string[];
  /** The local document's cas when the record was written (0 when deleted). */
  cas: number;
  deleted: boolean;
  /** Whether the remote has this revision. */
  synced: boolean;
}

/** A document revision on the wire (`_bulk_get` answers, `_bulk_docs` with `new_edits:false`). */
export interface WireDoc {
  _id: string;
  _rev: string;
  _revisions?: { start: number; ids: string[] };
  _deleted?: boolean;
  [field: string]: unknown;
}

/** Revision ids kept in a document's history (`_revisions`). */
const MAX_HISTORY = 20;

/** A local document with revision records. */
export class LocalSide {
  constructor(
    readonly db: Database,
    readonly keyspace: string,
    readonly revsKeyspace: string,
  ) {}

  /** A random id of this local database, created on first use (part of the checkpoint id). */
  async clientId(): Promise<string> {
    const found = this.db.get(this.revsKeyspace, 'meta:client')?.value as ObjectValue | undefined;
    if (typeof found?.id === 'string') return found.id;
    const id = randomUUID();
    await this.db.upsert(this.revsKeyspace, 'meta:client', { id });
    return id;
  }

  record(id: string): RevRecord | undefined {
    return this.db.get(this.revsKeyspace, `doc:${this.keyspace}:${id}`)?.value as RevRecord | undefined;
  }

  private async save(id: string, rec: RevRecord): Promise<void> {
    await this.db.upsert(this.revsKeyspace, `doc:${this.keyspace}:${id}`, rec as unknown as Value);
  }

  /** The document's current revision, assigning a new one first if it changed locally. */
  current(id: string): Promise<RevRecord | undefined> {
    return this.revise(id, this.record(id), this.db.get(this.keyspace, id));
  }

  /** {@link current} of a document whose record and stored document are already at hand. */
  private async revise(id: string, rec: RevRecord | undefined, doc: StoredDocument | undefined): Promise<RevRecord | undefined> {
    if (doc === undefined && (rec === undefined || rec.deleted)) return rec;
    if (doc !== undefined && rec !== undefined && !rec.deleted && rec.cas === doc.meta.cas) return rec;
    const gen = rec ? revPos(rec.rev) + 1 : 1;
    const parent = rec?.rev ?? '';
    const hash = createHash('md5').update(JSON.stringify([parent, doc === undefined, doc?.value ?? null])).digest('hex');
    const next: RevRecord = { rev: `${gen}-${hash}`, history: [hash, ...(rec?.history ?? [])].slice(0, MAX_HISTORY), cas: doc?.meta.cas ?? 0, deleted: doc === undefined, synced: false };
    await this.save(id, next);
    return next;
  }

  /**
   * Every document changed locally and not yet on the remote, with its new revision: one scan
   * of the documents and one of the records, no point reads.
   */
  async pending(): Promise<WireDoc[]> {
    const docs = new Map<string, StoredDocument>();
    for (const doc of this.db.scan(this.keyspace)) docs.set(doc.key, doc);
    const records = new Map<string, RevRecord>();
    const prefix = `doc:${this.keyspace}:`;
    for (const r of this.db.scan(this.revsKeyspace)) if (r.key.startsWith(prefix)) records.set(r.key.slice(prefix.length), r.value as unknown as RevRecord);
    const out: WireDoc[] = [];
    for (const id of new Set([...docs.keys(), ...records.keys()])) {
      const doc = docs.get(id);
      const rec = await this.revise(id, records.get(id), doc);
      if (rec !== undefined && !rec.synced) out.push(this.wire(id, rec, doc?.value as ObjectValue | undefined));
    }
    return out;
  }

  /** The wire form of the local revision `rec` of a document with `body` (none when deleted). */
  private wire(id: string, rec: RevRecord, body: ObjectValue | undefined): WireDoc {
    const fields = rec.deleted ? {} : (body ?? {});
    const doc: WireDoc = { ...fields, _id: id, _rev: rec.rev, _revisions: { start: revPos(rec.rev), ids: rec.history } };
    if (rec.deleted) doc._deleted = true;
    return doc;
  }

  /** Marks a pushed revision as known to the remote (unless the document changed meanwhile). */
  async markSynced(id: string, rev: string): Promise<void> {
    const rec = this.record(id);
    if (rec && rec.rev === rev) await this.save(id, { ...rec, synced: true });
  }

  /**
   * Stores a pulled revision unless the local one descends from it or wins over it (a conflict
   * is resolved by the gateway's own `compareRevs`, so both sides pick the same winner). Returns
   * whether the document changed.
   * @param remoteLeaves the remote's leaf revisions of the document (`_changes?style=all_docs`):
   *   a local revision the remote has (synced) that is no longer one of them was edited or
   *   deleted there, so the remote's winner is taken whatever `compareRevs` says of the two
   */
  async applyRemote(doc: WireDoc, remoteLeaves?: readonly string[]): Promise<boolean> {
    const local = await this.current(doc._id);
    const ids = doc._revisions?.ids ?? [revDigest(doc._rev)];
    const start = doc._revisions?.start ?? revPos(doc._rev);
    const superseded = local !== undefined && local.synced && remoteLeaves !== undefined && !remoteLeaves.includes(local.rev);
    if (local !== undefined && !superseded) {
      if (local.rev === doc._rev) return false;
      const remoteHasLocal = ids.some((h, i) => `${start - i}-${h}` === local.rev);
      const localHasRemote = local.history.some((h, i) => `${revPos(local.rev) - i}-${h}` === doc._rev);
      if (localHasRemote || (!remoteHasLocal && compareRevs(local.rev, local.deleted, doc._rev, doc._deleted === true) < 0)) return false;
    }
    const body: ObjectValue = {};
    for (const [k, v] of Object.entries(doc)) if (!k.startsWith('_')) body[k] = v as Value;
    let cas = 0;
    if (doc._deleted) await this.db.remove(this.keyspace, doc._id);
    else cas = (await this.db.upsert(this.keyspace, doc._id, body)).cas;
    await this.save(doc._id, { rev: doc._rev, history: ids.slice(0, MAX_HISTORY), cas, deleted: doc._deleted === true, synced: true });
    return true;
  }
}

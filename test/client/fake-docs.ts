/**
 * TEST DOUBLE (part of fake-gateway.ts): the remote document store of the fake gateway, with
 * CouchDB revision semantics reduced to what replication needs — every revision kept by id, the
 * winner by the gateway's rule (live first, then generation, then id), one sequence per document
 * update, `_local` documents.
 */
import { createHash } from 'node:crypto';

type Body = Record<string, unknown>;
interface Rev {
  body: Body;
  deleted: boolean;
  /** Hashes, newest first. */
  history: string[];
}
interface Doc {
  revs: Map<string, Rev>;
  winner: string;
  seq: number;
}

const gen = (rev: string): number => Number.parseInt(rev, 10);
const hash = (rev: string): string => rev.slice(rev.indexOf('-') + 1);
/** The revision a revision extends, from its history (undefined for a first revision). */
const parentOf = (rev: string, r: Rev): string | undefined => (r.history.length > 1 ? `${gen(rev) - 1}-${r.history[1]}` : undefined);
/**
 * The fake's own statement of CouchDB's winner rule (not the code under test's): whether leaf `a`
 * beats leaf `b`: live before deleted, then the higher generation, then the higher hash.
 */
function beats(a: string, ra: Rev, b: string, rb: Rev): boolean {
  if (ra.deleted !== rb.deleted) return rb.deleted;
  if (gen(a) !== gen(b)) return gen(a) > gen(b);
  return hash(a) > hash(b);
}
const strip = (doc: Body): Body => Object.fromEntries(Object.entries(doc).filter(([k]) => !k.startsWith('_')));

export class FakeDocs {
  readonly docs = new Map<string, Doc>();
  readonly local = new Map<string, Body>();
  seq = 0;
  private waiters = new Set<() => void>();

  info(db: string): Body {
    return { db_name: db, update_seq: this.seq, committed_update_seq: this.seq, instance_start_time: 0, state: 'Online' };
  }

  /** The winning revision as `GET /{db}/{id}` returns it (undefined if missing or deleted). */
  get(id: string): Body | undefined {
    const d = this.docs.get(id);
    const r = d?.revs.get(d.winner);
    return r && !r.deleted ? { _id: id, _rev: d!.winner, ...r.body } : undefined;
  }

  /** A write as a remote client makes it (new_edits): the next revision of the winner. */
  put(id: string, body: Body, deleted = false): string {
    const d = this.docs.get(id);
    const parent = d ? d.revs.get(d.winner)! : undefined;
    const g = d ? gen(d.winner) + 1 : 1;
    const h = createHash('md5').update(JSON.stringify([d?.winner ?? '', deleted, strip(body)])).digest('hex');
    const rev = `${g}-${h}`;
    this.store(id, rev, { body: strip(body), deleted, history: [h, ...(parent?.history ?? [])] });
    return rev;
  }

  remove(id: string): string {
    return this.put(id, {}, true);
  }

  private store(id: string, rev: string, r: Rev): void {
    let d = this.docs.get(id);
    if (!d) this.docs.set(id, (d = { revs: new Map(), winner: rev, seq: 0 }));
    d.revs.set(rev, r);
    // The winner is the best of the leaves (revisions no other revision extends).
    const parents = new Set([...d.revs].map(([v, x]) => parentOf(v, x)));
    let best: string | undefined;
    for (const [v, x] of d.revs) if (!parents.has(v) && (best === undefined || beats(v, x, best, d.revs.get(best)!))) best = v;
    d.winner = best!;
    d.seq = ++this.seq;
    for (const w of this.waiters) w();
    this.waiters.clear();
  }

  changes(since: number, limit: number): Body {
    const rows = [...this.docs.entries()].filter(([, d]) => d.seq > since).sort((a, b) => a[1].seq - b[1].seq).slice(0, limit);
    const results = rows.map(([id, d]) => {
      const row: Body = { seq: d.seq, id, changes: [{ rev: d.winner }] };
      if (d.revs.get(d.winner)!.deleted) row.deleted = true;
      return row;
    });
    return { results, last_seq: rows.length > 0 ? rows[rows.length - 1]![1].seq : since };
  }

  /** Resolves when a change after `since` exists, or after `timeoutMs`. */
  async waitForChange(since: number, timeoutMs: number): Promise<void> {
    if (this.seq > since) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  wakeAll(): void {
    for (const w of [...this.waiters]) w();
  }

  bulkGet(wanted: { id: string; rev?: string }[]): Body {
    const results = wanted.map(({ id, rev }) => {
      const d = this.docs.get(id);
      const r = rev ?? d?.winner;
      const found = r === undefined ? undefined : d?.revs.get(r);
      if (!found) return { id, docs: [{ error: { id, rev: r, error: 'not_found', reason: 'missing' } }] };
      const doc: Body = { _id: id, _rev: r, ...found.body, _revisions: { start: gen(r!), ids: found.history } };
      if (found.deleted) doc._deleted = true;
      return { id, docs: [{ ok: doc }] };
    });
    return { results };
  }

  revsDiff(query: Record<string, string[]>): Body {
    const out: Body = {};
    for (const [id, revs] of Object.entries(query)) {
      const missing = revs.filter((r) => !this.docs.get(id)?.revs.has(r));
      if (missing.length > 0) out[id] = { missing };
    }
    return out;
  }

  bulkDocs(docs: Body[], newEdits: boolean): Body[] {
    return docs.map((doc) => {
      const id = String(doc._id);
      if (newEdits) return { id, rev: this.put(id, doc, doc._deleted === true) };
      const rev = String(doc._rev);
      const revisions = doc._revisions as { start: number; ids: string[] } | undefined;
      if (!this.docs.get(id)?.revs.has(rev)) this.store(id, rev, { body: strip(doc), deleted: doc._deleted === true, history: revisions?.ids ?? [hash(rev)] });
      return { id, rev };
    });
  }

  /** PUT `_local/{id}`: undefined on a revision conflict. */
  putLocal(id: string, body: Body): Body | undefined {
    const old = this.local.get(id);
    if ((old?._rev ?? undefined) !== (body._rev ?? undefined)) return undefined;
    const rev = `0-${(old ? Number(String(old._rev).slice(2)) : 0) + 1}`;
    this.local.set(id, { ...strip(body), _id: `_local/${id}`, _rev: rev });
    return { id: `_local/${id}`, ok: true, rev };
  }
}

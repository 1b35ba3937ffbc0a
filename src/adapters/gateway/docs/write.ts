/**
 * One document write, shared by `PUT`/`DELETE /{db}/{docid}` and `_bulk_docs`: a new edit
 * (`new_edits` true: conflicts rejected) or an inserted revision with its history
 * (`new_edits:false`, as replicators write).
 */
import type { DocStore } from './doc-store.js';
import type { IncomingDoc } from './http.js';
import { applyEdit, mergeRevision } from './revisions.js';

/** The outcome of a write: the new revision, or an HTTP status and reason. */
export type WriteResult = { ok: true; id: string; rev: string } | { ok: false; id: string; status: number; reason: string };

/** Writes one document (the id already validated). */
export function saveDoc(store: DocStore, id: string, incoming: IncomingDoc, newEdits: boolean): Promise<WriteResult> {
  if (!newEdits) {
    const rev = incoming.rev;
    if (rev === undefined) return Promise.resolve({ ok: false, id, status: 400, reason: 'Missing _rev (new_edits=false)' });
    return store.edit(id, (doc): { result: WriteResult; changed: boolean } => {
      const r = mergeRevision(doc, rev, incoming.revisions, incoming.body, incoming.deleted);
      if (typeof r === 'object') return { result: { ok: false, id, status: 400, reason: r.kind === 'bad' ? r.reason : 'conflict' }, changed: false };
      return { result: { ok: true, id, rev }, changed: r };
    });
  }
  return store.edit(id, (doc, before): { result: WriteResult; changed: boolean } => {
    if (incoming.deleted && !before) return { result: { ok: false, id, status: 404, reason: 'missing' }, changed: false };
    if (incoming.deleted && incoming.rev === undefined)
      return { result: { ok: false, id, status: 409, reason: 'Document exists' }, changed: false };
    const r = applyEdit(doc, incoming.rev, incoming.body, incoming.deleted);
    if (typeof r === 'string') return { result: { ok: true, id, rev: r }, changed: true };
    if (r.kind === 'conflict') return { result: { ok: false, id, status: 409, reason: 'Document exists' }, changed: false };
    return { result: { ok: false, id, status: 400, reason: r.reason }, changed: false };
  });
}

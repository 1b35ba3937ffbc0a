/**
 * The document endpoints of the CouchDB replication protocol on the gateway's public API
 * (docs/replication.md): `GET|PUT|DELETE /{db}/{docid}`, `_bulk_docs`, `_bulk_get`,
 * `_all_docs`, `_changes`, `_revs_diff` and `_local/{id}`. The documents are the engine's
 * documents of the configured bucket, so N1QL queries see them. Every route authenticates
 * first with `ctx.requirePrincipal`; any authenticated principal may read and write (no
 * channels or per-document access control).
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayDbContext } from '../context.js';
import { registerAllDocsRoute } from './all-docs.js';
import { registerBulkRoutes } from './bulk.js';
import { registerChangesRoute } from './changes.js';
import { registerDocumentRoute } from './document.js';
import { docStore } from './doc-store.js';
import { registerLocalRoutes } from './local.js';

export { REVS_KEYSPACE, SEQ_KEYSPACE } from './doc-store.js';
export { LOCAL_KEYSPACE } from './local.js';

/** Registers the document routes of one configured database under `/${ctx.dbName}/…`. */
export function registerDocumentRoutes(app: FastifyInstance, ctx: GatewayDbContext): void {
  registerChangesRoute(app, ctx);
  registerBulkRoutes(app, ctx);
  registerAllDocsRoute(app, ctx);
  registerLocalRoutes(app, ctx);
  registerDocumentRoute(app, ctx);
}

/** Figures of `GET /{db}/` (the server's route): update sequence and live/deleted document counts. */
export interface DocumentInfo {
  update_seq: number;
  doc_count: number;
  doc_del_count: number;
}

/** The figures of a configured database for `GET /{db}/`. */
export function documentInfo(ctx: GatewayDbContext): DocumentInfo {
  const store = docStore(ctx);
  const { docCount, deletedCount } = store.counts();
  return { update_seq: store.updateSeq(), doc_count: docCount, doc_del_count: deletedCount };
}

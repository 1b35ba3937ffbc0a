import type { DocMeta } from '../eval/index.js';
import type { StoredDocument } from '../storage/index.js';

/**
 * The `META(alias)` of a document read from a keyspace, as a view of the stored document: its
 * fields are read from the document's metadata only when an expression reads them. A Fetch or
 * lookup join binds one per row; a query that never reads META() (a COUNT over a join) never
 * touches the stored metadata (another object, often another cache line per row) nor copies
 * its fields.
 */
export class StoredMeta implements DocMeta {
  constructor(
    private readonly doc: StoredDocument,
    /** `default:keyspace`. */
    readonly keyspace: string,
  ) {}

  get id(): string {
    return this.doc.key;
  }

  get cas(): number {
    return this.doc.meta.cas;
  }

  get expiration(): number {
    return this.doc.meta.expiration;
  }

  get seqno(): number | undefined {
    return this.doc.meta.seqno;
  }

  get xattrs(): DocMeta['xattrs'] {
    return this.doc.meta.xattrs;
  }
}

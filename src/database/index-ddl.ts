import type { Statement } from '../ast/index.js';
import type { BuildProgress, IndexManager } from '../indexes/index-manager.js';
import type { IndexInfo } from '../catalog/index.js';
import { keyspaceName, resolveKeyspace, type Catalog } from '../planner/catalog.js';
import { indexKeyText } from '../planner/sarg-index.js';
import { printExpr } from '../ast/print.js';
import type { ObjectValue, Value } from '../values/index.js';

import type { DdlHandler } from '../engine.js';
export type { DdlHandler };

/** An index as a `system:indexes` row: the reference's fields. */
export function indexRow(i: IndexInfo): ObjectValue {
  const row: ObjectValue = {
    datastore_id: 'tokenql',
    id: i.id,
    // INCLUDE MISSING before DESC, as the reference prints a key (couchbase/query datastore/index.go indexKeyToIndexKeyStringArray).
    index_key: (i.definition ?? i.keys).map((k) => indexKeyText(k) + (k.includeMissing ? ' INCLUDE MISSING' : '') + (k.desc ? ' DESC' : '')),
    keyspace_id: i.keyspace,
    name: i.name,
    namespace_id: 'default',
    state: i.state,
    using: 'gsi',
  };
  if (i.where) row.condition = printExpr(i.where);
  if (i.isPrimary) row.is_primary = true;
  return row;
}

/**
 * Handles CREATE [PRIMARY] INDEX (built at once unless `WITH {"defer_build": true}`),
 * BUILD INDEX and DROP INDEX against the index manager. Errors as the reference:
 * 12003 unknown keyspace, 4300 index exists, 12016 index not found.
 */
export function ddlHandler(indexes: IndexManager): DdlHandler {
  return async (s, catalog, onProgress) => {
    switch (s.kind) {
      case 'CreateIndex':
      case 'CreatePrimaryIndex':
        await indexes.create(s, resolveKeyspace(s.keyspace, catalog).name, onProgress);
        return [];
      case 'BuildIndex':
        await indexes.build(resolveKeyspace(s.keyspace, catalog).name, s.names, onProgress);
        return [];
      case 'DropIndex': {
        // A keyspace the statement cannot see has no index to drop: the 12016 of an absent one.
        const ks = keyspaceName(s.keyspace);
        indexes.drop(catalog.hasKeyspace(ks) ? ks : '', s.name ?? '#primary', s.ifExists);
        return [];
      }
      default:
        return [];
    }
  };
}

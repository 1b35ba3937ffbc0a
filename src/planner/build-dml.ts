import type { DeleteStatement, InsertStatement, KeyspaceRef, UpdateStatement } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { buildSelect, keyspaceSource } from './build-select.js';
import { keyspaceAlias, resolveKeyspace, type Catalog } from './catalog.js';
import { spansDecideWhere } from './source-ops.js';
import type { DeletePlan, InsertPlan, MutationReadPlan, UpdatePlan } from './logical-plan.js';

function writableKeyspace(ref: KeyspaceRef, catalog: Catalog): string {
  const ks = resolveKeyspace(ref, catalog);
  if (ks.system) {
    throw new QueryError({ code: ErrorCode.SYSTEM_READ_ONLY, phase: 'plan', message: `system:${ks.name} is read-only`, position: ref.loc });
  }
  return ks.name;
}


/** Plans INSERT/UPSERT (VALUES or SELECT). Raises 12003 when the keyspace does not exist. */
export function buildInsert(s: InsertStatement, catalog: Catalog): InsertPlan {
  const name = writableKeyspace(s.keyspace, catalog);
  return {
    kind: 'Insert',
    upsert: s.upsert,
    keyspace: { ...s.keyspace, name },
    values: s.values,
    select: s.select ? { key: s.select.key, value: s.select.value, options: s.select.options, query: buildSelect(s.select.query, catalog) } : undefined,
    returning: s.returning,
  };
}

/** The read side UPDATE and DELETE share: scan of the keyspace (or its USE KEYS), WHERE, LIMIT, RETURNING. */
function mutationRead(s: UpdateStatement | DeleteStatement, catalog: Catalog): MutationReadPlan {
  const name = writableKeyspace(s.keyspace, catalog);
  // LET variables are names, not fields of the keyspace, to the choice of its index.
  const source = keyspaceSource(name, keyspaceAlias(s.keyspace), s.useKeys, s.where, catalog, new Set((s.let ?? []).map((l) => l.name)), !!s.validateKeys);
  // When the spans alone decide WHERE, LIMIT and OFFSET go into the index scan (the reference's
  // IndexScan3 `limit` and `offset`, gsi/statements case_delete_tests.json#0's EXPLAIN check).
  if (s.limit && !s.let?.length && spansDecideWhere(source) && source.op === 'IndexScan' && source.scan.kind === 'IndexScan3' && !source.scan.distinct) {
    source.scan.limit = s.limit;
    if (s.kind === 'Delete' && s.offset) source.scan.offset = s.offset;
  }
  return {
    keyspace: name,
    alias: keyspaceAlias(s.keyspace),
    source,
    let: s.let,
    where: s.where,
    limit: s.limit,
    offset: s.kind === 'Delete' ? s.offset : undefined,
    returning: s.returning,
  };
}

/** Plans UPDATE: the read side, then Clone/Set/Unset/SendUpdate. */
export function buildUpdate(s: UpdateStatement, catalog: Catalog): UpdatePlan {
  return { kind: 'Update', ...mutationRead(s, catalog), set: s.set, unset: s.unset };
}

/** Plans DELETE: the read side, then SendDelete. */
export function buildDelete(s: DeleteStatement, catalog: Catalog): DeletePlan {
  return { kind: 'Delete', ...mutationRead(s, catalog), ast: s };
}

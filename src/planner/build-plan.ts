import type { Statement } from '../ast/index.js';
import { notSupported } from '../errors/index.js';
import { buildDelete, buildInsert, buildUpdate } from './build-dml.js';
import { buildSelect } from './build-select.js';
import type { Catalog } from './catalog.js';
import type { Plan } from './plan.js';

/**
 * Plans a statement. EXPLAIN, PREPARE and EXECUTE are handled by the engine around this.
 * Raises 12003 (unknown keyspace), 4020 (duplicate alias), 1020 (not supported).
 */
export function buildPlan(s: Statement, catalog: Catalog): Plan {
  switch (s.kind) {
    case 'Select':
      return buildSelect(s, catalog);
    case 'Insert':
      return buildInsert(s, catalog);
    case 'Update':
      return buildUpdate(s, catalog);
    case 'Delete':
      return buildDelete(s, catalog);
    case 'CreateIndex':
    case 'CreatePrimaryIndex':
    case 'DropIndex':
    case 'BuildIndex':
      return { kind: 'Ddl', statement: s };
    default:
      throw notSupported(`${s.kind} inside this statement`, s.loc);
  }
}

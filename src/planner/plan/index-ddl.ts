import type { Statement } from '../../ast/index.js';

/**
 * Index DDL (CREATE INDEX, CREATE PRIMARY INDEX, DROP INDEX, BUILD INDEX): one operator that
 * hands its statement to the index manager. Source: couchbase/query `plan/{create,drop,build}_index.go`.
 */
export interface IndexDdl {
  '#operator': 'CreateIndex' | 'CreatePrimaryIndex' | 'DropIndex' | 'BuildIndexes';
  keyspace: string;
  namespace: string;
  _statement: Statement;
}

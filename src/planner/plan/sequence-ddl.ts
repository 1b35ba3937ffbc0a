import type { Statement } from '../../ast/index.js';

/**
 * Sequence DDL (CREATE / ALTER / DROP SEQUENCE): one operator that hands its statement to the
 * database's sequences. `name` is the sequence's full name (`default:bucket.scope.name`).
 * Source: couchbase/query `plan/create_sequence.go`, `alter_sequence.go`, `drop_sequence.go`.
 */
export interface SequenceDdl {
  '#operator': 'CreateSequence' | 'AlterSequence' | 'DropSequence';
  name: string;
  _statement: Statement;
}

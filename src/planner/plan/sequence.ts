import type { Operator } from './operator.js';

/** Runs its children one after another, each reading the rows of the one before (couchbase/query `plan/sequence.go`). */
export interface Sequence {
  '#operator': 'Sequence';
  '~children': Operator[];
}

/** A Sequence of `children`, flattening nested Sequences only where the reference does not keep them (never here: callers decide). */
export function sequence(children: Operator[]): Sequence {
  return { '#operator': 'Sequence', '~children': children };
}

import type { SequenceValue } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import type { Env } from './env.js';
import type { Evaluator } from './scope.js';

/**
 * What NEXT VALUE / PREV VALUE reach: the database's sequences (storage/sequence-registry.ts).
 * `next` raises QueryError 19106 / 19111; `prev` is undefined before any NEXT VALUE.
 */
export interface SequenceAccess {
  next(name: string): number;
  prev(name: string): number | undefined;
}

/** The full name of a sequence: `namespace:bucket.scope.name`. */
export function sequenceFullName(e: SequenceValue['sequence']): string {
  return `${e.namespace}:${e.bucket}.${e.scope}.${e.name}`;
}

/**
 * NEXT VALUE FOR / PREV VALUE FOR. NEXT VALUE takes one value per row and query block: the
 * first evaluation in a row keeps its value in the row's environment under a reserved name
 * (block and sequence), so that every NEXT VALUE of that sequence in the block — in LET, the
 * projection, the key and value of an INSERT — sees the same value for that row, while a
 * subquery (another block) takes its own. PREV VALUE is the value NEXT VALUE last gave (NULL with
 * the reference's warning 19118 before any). Errors of the sequence are raised as 5010 with the
 * sequence's error as cause. Source: couchbase/query `expression/sequence.go`, docs "Sequence Operators".
 */
export function compileSequenceValue(e: SequenceValue): Evaluator {
  const name = sequenceFullName(e.sequence);
  const slot = `\u0000seq:${e.block}:${name}`;
  const access = (ctx: { sequences?: SequenceAccess }): SequenceAccess => {
    if (!ctx.sequences) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: 'Sequences are not supported here' });
    return ctx.sequences;
  };
  const wrap = <T>(f: () => T): T => {
    try {
      return f();
    } catch (err) {
      if (err instanceof QueryError && err.code !== ErrorCode.EVALUATION) {
        throw new QueryError({ code: ErrorCode.EVALUATION, phase: 'execution', message: `Error evaluating sequence - cause: ${err.message}`, cause: err });
      }
      throw err;
    }
  };
  if (!e.next) {
    return (_env, ctx) => {
      const v = wrap(() => access(ctx).prev(name));
      if (v !== undefined) return v;
      ctx.warn('Sequence previous value cannot be accessed before next value generation.', ErrorCode.WARN_SEQUENCE_NO_PREV_VALUE);
      return null;
    };
  }
  return (env: Env, ctx) => {
    const kept = env[slot];
    if (kept !== undefined) return kept;
    const v = wrap(() => access(ctx).next(name));
    env[slot] = v;
    return v;
  };
}

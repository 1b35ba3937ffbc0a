import type { CreateSequenceStatement, AlterSequenceStatement, Expr } from '../../ast/index.js';
import { compileExpr, rootEnv } from '../../eval/index.js';
import { ErrorCode, QueryError } from '../../errors/index.js';
import type { SequenceDdl } from '../../planner/index.js';
import type { SequenceSettings } from '../../storage/index.js';
import { isObject, type Value } from '../../values/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream, RunContext } from '../runtime.js';

/** The WITH names each statement takes (couchbase/query `sequences.go` `_CREATE_SEQUENCE_OPTIONS`, `_ALTER_SEQUENCE_OPTIONS`). */
const CREATE_OPTIONS = ['start', 'cache', 'increment', 'min', 'max', 'cycle'];
const ALTER_OPTIONS = ['restart', 'cache', 'increment', 'min', 'max', 'cycle'];

/**
 * The settings of CREATE/ALTER SEQUENCE from its WITH object (evaluated; parameters allowed) or
 * its option clauses. Raises `fail(cause)` for a name the statement does not take or a value of
 * the wrong type (the reference's 12038 / "Invalid value for '…'").
 */
function settingsOf(s: CreateSequenceStatement | AlterSequenceStatement, rc: RunContext, fail: (cause: QueryError) => QueryError): SequenceSettings {
  const allowed = s.kind === 'CreateSequence' ? CREATE_OPTIONS : ALTER_OPTIONS;
  let given: Record<string, Value>;
  if (s.with) {
    const w = compileExpr(s.with as Expr, { names: new Set(), keyspaceAliases: [] })(rootEnv(), rc);
    if (!isObject(w)) throw fail(new QueryError({ code: ErrorCode.WITH_INVALID_OPTION, phase: 'execution', message: 'WITH must be an object' }));
    given = w as Record<string, Value>;
  } else given = (s.options ?? {}) as Record<string, Value>;
  const out: SequenceSettings = {};
  for (const [k, v] of Object.entries(given)) {
    if (!allowed.includes(k)) throw fail(new QueryError({ code: ErrorCode.WITH_INVALID_OPTION, phase: 'execution', message: `Invalid option '${k}'` }));
    const bad = () => fail(new QueryError({ code: ErrorCode.WITH_INVALID_OPTION, phase: 'execution', message: `Invalid value for '${k}'` }));
    if (k === 'cycle') {
      if (typeof v !== 'boolean') throw bad();
      out.cycle = v;
    } else if (k === 'restart' && (v === null || v === true)) out.restart = null;
    else if (k === 'restart' && v === false) continue;
    else if (v === null && !s.with) (out as Record<string, bigint | null>)[k] = null;
    else if (typeof v === 'number' && Number.isInteger(v)) (out as Record<string, bigint | null>)[k] = BigInt(v);
    else throw bad();
  }
  return out;
}

/**
 * CreateSequence / AlterSequence / DropSequence: runs the statement on the database's sequences
 * (storage/sequence-registry.ts) and emits no rows; a cache below 10 adds the reference's warning
 * 19115. `IF NOT EXISTS` / `IF EXISTS` make an existing / missing sequence no error. The bucket
 * must exist (a keyspace `bucket` or `bucket.scope.collection`).
 */
export function compileSequenceDdl(op: SequenceDdl, cx: CompileContext): CompiledOperator {
  return {
    cx,
    // eslint-disable-next-line require-yield -- DDL emits no rows
    run: function* (_input, _outer, rc): RowStream {
      const reg = rc.sequenceRegistry;
      if (!reg) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: 'Sequences are not supported here' });
      const s = op._statement;
      const warn = (w: string | undefined) => void (w && rc.warn(w, ErrorCode.WARN_SEQUENCE_CACHE_SIZE));
      switch (s.kind) {
        case 'CreateSequence': {
          const fail = (cause: QueryError) =>
            new QueryError({ code: ErrorCode.SEQUENCE_CREATE, phase: 'execution', message: `Create failed for sequence '${op.name}' - cause: ${cause.message}`, cause });
          const settings = settingsOf(s, rc, fail);
          const bucket = s.sequence.bucket;
          const names = rc.store.keyspaceNames();
          if (!names.some((n) => n === bucket || n.startsWith(bucket + '.'))) {
            throw fail(new QueryError({ code: ErrorCode.KEYSPACE_NOT_FOUND, phase: 'execution', message: `Bucket '${bucket}' not found` }));
          }
          if (s.ifNotExists && reg.has(op.name)) break;
          warn(reg.create(op.name, settings));
          break;
        }
        case 'AlterSequence': {
          const fail = (cause: QueryError) =>
            new QueryError({ code: ErrorCode.SEQUENCE_ALTER, phase: 'execution', message: `Alter failed for sequence '${op.name}' - cause: ${cause.message}`, cause });
          warn(reg.alter(op.name, settingsOf(s, rc, fail)));
          break;
        }
        case 'DropSequence':
          if (s.ifExists && !reg.has(op.name)) break;
          reg.drop(op.name);
          break;
      }
    },
  };
}

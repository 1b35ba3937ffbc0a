import { rootEnv } from '../../eval/index.js';
import { ErrorCode, QueryError } from '../../errors/index.js';
import type { IndexDdl } from '../../planner/index.js';
import type { Value } from '../../values/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { waitFor, type RowStream } from '../runtime.js';

/** CreateIndex / CreatePrimaryIndex / DropIndex / BuildIndexes: hands the statement to the index manager and emits its rows. */
export function compileIndexDdl(op: IndexDdl, cx: CompileContext): CompiledOperator {
  return {
    cx,
    run: function* (_input, _outer, rc): RowStream {
      if (!rc.ddl) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: `${op['#operator']} is not supported here` });
      let rows: Value[] = [];
      yield waitFor(rc.ddl(op._statement).then((r) => void (rows = r)));
      if (rows.length) yield rows.map((out) => ({ env: rootEnv(), out }));
    },
  };
}

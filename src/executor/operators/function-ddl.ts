import { compileExpr, rootEnv } from '../../eval/index.js';
import { ErrorCode, QueryError } from '../../errors/index.js';
import type { CreateFunction, DropFunction, ExecuteFunction } from '../../planner/index.js';
import type { Value } from '../../values/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { waitFor, type RowStream, type RunContext } from '../runtime.js';
import type { FunctionServices } from '../udf/function-services.js';

function services(rc: RunContext, what: string): FunctionServices {
  if (!rc.udf) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: `${what} is not supported here` });
  return rc.udf;
}

/** CreateFunction: stores the definition (no rows). */
export function compileCreateFunction(op: CreateFunction, cx: CompileContext): CompiledOperator {
  return {
    cx,
    run: function* (_input, _outer, rc): RowStream {
      yield waitFor(services(rc, 'CREATE FUNCTION').create(op._statement));
    },
  };
}

/** DropFunction: removes the definition (no rows). */
export function compileDropFunction(op: DropFunction, cx: CompileContext): CompiledOperator {
  return {
    cx,
    run: function* (_input, _outer, rc): RowStream {
      yield waitFor(services(rc, 'DROP FUNCTION').drop(op._statement));
    },
  };
}

/**
 * ExecuteFunction: evaluates the arguments, calls the function and emits its value as the one
 * row (none when it is MISSING). A JavaScript function runs on its own V8 thread meanwhile.
 */
export function compileExecuteFunction(op: ExecuteFunction, cx: CompileContext): CompiledOperator {
  const args = op.arguments.map((a) => compileExpr(a, cx.scope));
  return {
    cx,
    run: function* (_input, _outer, rc): RowStream {
      const udf = services(rc, 'EXECUTE FUNCTION');
      const env = rootEnv();
      const values = args.map((f) => f(env, rc));
      let out: Value;
      yield waitFor(udf.runtime.execute(op._ref.path.length === 1 && op._ref.namespace === undefined ? udf.runtime.resolve(op._ref.path[0]!) : udf.identity(op._ref), values, rc).then((v) => void (out = v)));
      if (out !== undefined) yield [{ env, out }];
    },
  };
}

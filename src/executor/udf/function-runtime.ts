import type { Expr } from '../../ast/index.js';
import { ErrorCode, QueryError, type SourcePosition } from '../../errors/index.js';
import { compileExpr, rootEnv, type Evaluator, type ExecContext } from '../../eval/index.js';
import { planExpressionSubqueries, type Catalog } from '../../planner/index.js';
import type { Value } from '../../values/index.js';
import { rootScope } from '../run-statement.js';
import { asRun, type RunContext } from '../runtime.js';
import { functionIdentity, functionKey, invalidFunction, type FunctionCatalog, type FunctionDefinition, type FunctionIdentity } from './function-catalog.js';
import type { JavascriptEngine, JavascriptSource, N1qlHost } from './javascript-engine.js';
import type { LibraryCatalog } from './library-catalog.js';

/** User-defined function calls may nest this deep (a recursive inline function, JavaScript calling N1QL calling JavaScript …). */
export const MAX_FUNCTION_NESTING = 64;

/** What a request's function runtime needs from the engine. */
export interface FunctionRuntimeDeps {
  catalog: FunctionCatalog;
  libraries: LibraryCatalog;
  javascript: JavascriptEngine;
  /** The keyspaces and indexes a function body's subqueries are planned against. */
  planCatalog: Catalog;
  /** `default:bucket.scope`: where unqualified function names resolve first (the query service's `query_context`). */
  queryContext?: string;
  /** Nesting level of the request itself (a statement a function's N1QL() runs is one deeper). */
  depth: number;
  /** Runs a statement for a JavaScript function's N1QL() inside EXECUTE FUNCTION (writes allowed). */
  runAsync(statement: string, params: Value, depth: number, rc: RunContext): Promise<Value[]>;
  /** Runs a SELECT for a JavaScript function's N1QL() inside an expression. */
  runSync(statement: string, params: Value, depth: number, rc: RunContext): Value[];
}

/**
 * Calls the user-defined functions of one request: an inline function's body is planned and
 * compiled once per request (its subqueries see the parameters as bound variables) and
 * evaluated with the arguments bound to the parameter names (`args` for a variadic function);
 * a JavaScript function runs in the {@link JavascriptEngine}. Raises 3000 for an unknown name,
 * 10104 for a wrong number of arguments, 10112 past {@link MAX_FUNCTION_NESTING}.
 * Source: couchbase/query `functions/inline/inline.go`, `functions/javascript/javascript.go`.
 */
export class FunctionRuntime {
  private depth: number;
  private readonly inline = new Map<string, { version: number; evaluate: Evaluator }>();

  constructor(private readonly deps: FunctionRuntimeDeps) {
    this.depth = deps.depth;
  }

  /** The identity a name written in an expression resolves to. */
  resolve(written: string): FunctionIdentity {
    const scoped = this.deps.queryContext ? functionIdentity({ path: [written] }, this.deps.queryContext) : undefined;
    if (scoped && this.deps.catalog.get(scoped)) return scoped;
    // Else the global function of the query context's namespace (`default` without one).
    return { namespace: scoped?.namespace ?? 'default', name: written };
  }

  /** The definition a name resolves to, or 3000 "Invalid function". */
  definition(written: string, id: FunctionIdentity = this.resolve(written)): FunctionDefinition {
    const d = this.deps.catalog.get(id);
    if (!d) throw invalidFunction(written, id);
    return d;
  }

  /** ExecContext.functions: a call in an expression (synchronous). */
  call(written: string, args: Value[], ctx: ExecContext): Value {
    const d = this.definition(written);
    return this.enter(d, args, () => this.run(d, args, asRun(ctx)));
  }

  /** EXECUTE FUNCTION: JavaScript runs on its own V8 thread, so that its N1QL() may write. */
  async execute(id: FunctionIdentity, args: Value[], rc: RunContext): Promise<Value> {
    const d = this.deps.catalog.get(id);
    if (!d) throw new QueryError({ code: ErrorCode.FUNCTION_NOT_FOUND, phase: 'execution', message: `Function '${id.name}' not found` });
    this.checkArity(d, args);
    if (d.body.language === 'inline') return this.enter(d, args, () => this.run(d, args, rc));
    this.nest(d);
    try {
      return await this.deps.javascript.callAsync(d.identity.name, this.source(d), args, this.host(rc));
    } finally {
      this.depth--;
    }
  }

  private checkArity(d: FunctionDefinition, args: Value[]): void {
    if (d.params && d.params.length !== args.length) {
      const name = d.identity.name;
      throw new QueryError({ code: ErrorCode.FUNCTION_ARGUMENTS, phase: 'execution', message: `Incorrect number of arguments supplied to function '${name}' - cause: ${name}` });
    }
  }

  private nest(d: FunctionDefinition): void {
    if (this.depth + 1 > MAX_FUNCTION_NESTING) {
      throw new QueryError({ code: ErrorCode.FUNCTION_NESTING, phase: 'execution', message: `Error executing function '${d.identity.name}': ${this.depth + 1} nested ${d.body.language === 'javascript' ? 'javascript' : 'function'} calls` });
    }
    this.depth++;
  }

  private enter(d: FunctionDefinition, args: Value[], body: () => Value): Value {
    this.checkArity(d, args);
    this.nest(d);
    try {
      return body();
    } finally {
      this.depth--;
    }
  }

  private run(d: FunctionDefinition, args: Value[], rc: RunContext): Value {
    if (d.body.language === 'javascript') return this.deps.javascript.callSync(d.identity.name, this.source(d), args, this.host(rc));
    const env = rootEnv();
    if (d.params) d.params.forEach((p, i) => (env[p] = args[i]));
    else env.args = args;
    return this.compiled(d)(env, rc);
  }

  /** An inline function's body, planned and compiled for this request (again after CREATE OR REPLACE). */
  private compiled(d: FunctionDefinition): Evaluator {
    const key = functionKey(d.identity);
    const hit = this.inline.get(key);
    if (hit && hit.version === this.deps.catalog.version) return hit.evaluate;
    const body = (d.body as { expr: Expr }).expr;
    const names = d.params ?? ['args'];
    const scope = rootScope(planExpressionSubqueries(body, new Set(names), this.deps.planCatalog), names);
    const evaluate = compileExpr(body, scope);
    this.inline.set(key, { version: this.deps.catalog.version, evaluate });
    return evaluate;
  }

  /** The code a JavaScript function runs: its own, or its library's. */
  private source(d: FunctionDefinition): JavascriptSource {
    const b = d.body;
    if (b.language !== 'javascript') throw new QueryError({ code: ErrorCode.INTERNAL, phase: 'execution', message: 'not a JavaScript function' });
    if (b.library === undefined) return { key: `${functionKey(d.identity)}#${this.deps.catalog.version}`, code: b.code, fname: d.identity.name, label: `(${d.identity.name}:${d.identity.name})` };
    const lib = this.deps.libraries.get(b.library, d.identity.bucket ?? '', d.identity.scope ?? '') ?? this.deps.libraries.get(b.library);
    if (!lib) {
      throw new QueryError({ code: ErrorCode.FUNCTION_EXECUTION, phase: 'execution', message: `Error executing function '${d.identity.name}' (${b.library}:${b.object}): library '${b.library}' not found` });
    }
    return { key: `lib:${lib.bucket}/${lib.scope}/${lib.name}#${this.deps.libraries.version}`, code: lib.code, fname: b.object, label: `(${b.library}:${b.object})` };
  }

  /** N1QL() of a JavaScript function: a statement run one level deeper, with `params` named (object) or positional (array). */
  private host(rc: RunContext): N1qlHost {
    return {
      sync: (statement, params) => this.deps.runSync(statement, params, this.depth, rc),
      async: (statement, params) => this.deps.runAsync(statement, params, this.depth, rc),
    };
  }
}

/**
 * The user-defined functions a statement calls: every call that is not a built-in, an
 * aggregate or META(), with where it starts in the text (the engine checks that each resolves
 * before planning, as the reference's parser does).
 */
export function calledFunctionNames(node: unknown, isBuiltin: (name: string) => boolean, out: { name: string; loc?: SourcePosition }[] = []): { name: string; loc?: SourcePosition }[] {
  if (Array.isArray(node)) for (const x of node) calledFunctionNames(x, isBuiltin, out);
  else if (node && typeof node === 'object') {
    const o = node as { kind?: unknown; name?: unknown; loc?: SourcePosition };
    if (o.kind === 'FunctionCall' && typeof o.name === 'string' && !isBuiltin(o.name)) out.push({ name: o.name, loc: o.loc });
    for (const [k, v] of Object.entries(o)) if (k !== 'loc') calledFunctionNames(v, isBuiltin, out);
  }
  return out;
}


import { createRequire } from 'node:module';
import type ivmModule from 'isolated-vm';

type Ivm = typeof ivmModule;
let loaded: Ivm | undefined;
/** isolated-vm, loaded on the first JavaScript call: its native addon stays out of every start-up that runs none. */
function ivmLib(): Ivm {
  return (loaded ??= createRequire(import.meta.url)('isolated-vm') as Ivm);
}
import { ErrorCode, QueryError } from '../../errors/index.js';
import { withDoubles, type Value } from '../../values/index.js';

/** JavaScript functions see doubles only: an int64 past 2^53 reaches them as its nearest double. */
const bigintAsDouble = (_k: string, v: unknown): unknown => (typeof v === 'bigint' ? Number(v) : v);
import { transpileEmbeddedN1ql } from './n1ql-transpile.js';

/** Limits of one JavaScript function call. */
export interface JavascriptLimits {
  /** Wall-clock milliseconds a call may run (default 10 000). */
  timeoutMs: number;
  /** Megabytes of V8 heap an isolate may use (default 64; isolated-vm's minimum is 8). */
  memoryMb: number;
}

export const DEFAULT_JAVASCRIPT_LIMITS: JavascriptLimits = { timeoutMs: 10_000, memoryMb: 64 };

/** What a running function's `N1QL(statement, params)` calls do: run a statement, return its rows. */
export interface N1qlHost {
  sync?: (statement: string, params: Value) => Value[];
  async?: (statement: string, params: Value) => Promise<Value[]>;
}

/** The JavaScript of a function: `code` (a library or the function's own code) and the function it calls. */
export interface JavascriptSource {
  /** Identifies `code` for the isolate's compiled-script cache (changes when the code does). */
  key: string;
  code: string;
  fname: string;
  /** For error messages: `(library:object)`. */
  label: string;
}

/**
 * Runs inside each context before the function's code: `N1QL()` (rows come back as JSON from the
 * host; the iterable it returns has `close()`, as the reference's), and the call wrapper, which
 * passes the arguments in and the result out as JSON (undefined: MISSING).
 */
const PRELUDE = `
const __hostSync = globalThis.__hostSync, __hostAsync = globalThis.__hostAsync;
delete globalThis.__hostSync; delete globalThis.__hostAsync;
let __mode = 'sync';
globalThis.N1QL = function N1QL(statement, params) {
  const p = JSON.stringify(params === undefined ? null : params);
  const json = __mode === 'async' ? __hostAsync.applySyncPromise(undefined, [String(statement), p]) : __hostSync.applySync(undefined, [String(statement), p]);
  const rows = JSON.parse(json);
  return { [Symbol.iterator]() { return rows[Symbol.iterator](); }, close() {} };
};
globalThis.__call = function (mode, fname, args) {
  __mode = mode;
  const f = globalThis[fname];
  if (typeof f !== 'function') throw new Error('function ' + fname + ' is not defined');
  const r = f.apply(undefined, args);
  return r === undefined || typeof r === 'function' || typeof r === 'symbol' ? undefined : JSON.stringify(r);
};
`;

/** Contexts (compiled function code) an isolate keeps; past it the least recently used is released. */
const MAX_CONTEXTS = 16;

interface PooledIsolate {
  isolate: ivmModule.Isolate;
  /** Contexts with a function's code loaded, by {@link JavascriptSource.key}. */
  contexts: Map<string, { context: ivmModule.Context; call: ivmModule.Reference<(mode: string, fname: string, args: Value[]) => string | undefined> }>;
  /** The host of the call running in it (N1QL() calls go there), and the error a host call raised. */
  host: N1qlHost;
  hostError?: unknown;
}

/**
 * Runs JavaScript user-defined functions in V8 isolates of `isolated-vm`: no access to Node's
 * globals (`process`, `require` …), a time limit and a heap limit per call. A call that exceeds
 * either ends with 10109 and the isolate is replaced; the server goes on. Isolates are pooled
 * (one per concurrent or nested call) and keep each function's compiled code.
 */
export class JavascriptEngine {
  private readonly idle: PooledIsolate[] = [];

  constructor(readonly limits: JavascriptLimits = DEFAULT_JAVASCRIPT_LIMITS) {}

  /** Calls synchronously (from an expression): `N1QL()` runs through `host.sync`. */
  callSync(fn: string, source: JavascriptSource, args: Value[], host: N1qlHost): Value {
    const p = this.take(host);
    try {
      const { call } = this.load(p, source);
      const out = call.applySync(undefined, ['sync', source.fname, args.map(withDoubles)], { arguments: { copy: true }, timeout: this.limits.timeoutMs });
      return out === undefined ? undefined : (JSON.parse(out) as Value);
    } catch (e) {
      throw this.failure(p, fn, source, e);
    } finally {
      this.release(p);
    }
  }

  /** Calls on a V8 thread of its own (EXECUTE FUNCTION): `N1QL()` runs through `host.async`, writes included. */
  async callAsync(fn: string, source: JavascriptSource, args: Value[], host: N1qlHost): Promise<Value> {
    const p = this.take(host);
    try {
      const { call } = this.load(p, source);
      const out = await call.apply(undefined, ['async', source.fname, args.map(withDoubles)], { arguments: { copy: true }, timeout: this.limits.timeoutMs });
      return out === undefined ? undefined : (JSON.parse(out) as Value);
    } catch (e) {
      throw this.failure(p, fn, source, e);
    } finally {
      this.release(p);
    }
  }

  /** Disposes every idle isolate. */
  dispose(): void {
    for (const p of this.idle.splice(0)) if (!p.isolate.isDisposed) p.isolate.dispose();
  }

  private take(host: N1qlHost): PooledIsolate {
    const p: PooledIsolate = this.idle.pop() ?? { isolate: new (ivmLib().Isolate)({ memoryLimit: this.limits.memoryMb }), contexts: new Map(), host };
    p.host = host;
    p.hostError = undefined;
    return p;
  }

  private release(p: PooledIsolate): void {
    p.host = {};
    if (p.isolate.isDisposed) return;
    if (this.idle.length < 4) this.idle.push(p);
    else p.isolate.dispose();
  }

  /** A context of `p` with the source's code loaded (compiled once per isolate). */
  private load(p: PooledIsolate, source: JavascriptSource) {
    const cached = p.contexts.get(source.key);
    if (cached) {
      // Most recently used last: the first entry is the one evicted.
      p.contexts.delete(source.key);
      p.contexts.set(source.key, cached);
      return cached;
    }
    if (p.contexts.size >= MAX_CONTEXTS) {
      const [oldest, entry] = p.contexts.entries().next().value!;
      p.contexts.delete(oldest);
      entry.context.release();
    }
    const context = p.isolate.createContextSync();
    const global = context.global;
    global.setSync('__hostSync', new (ivmLib().Reference)((statement: string, params: string) => this.hostCall(p, 'sync', statement, params)));
    global.setSync('__hostAsync', new (ivmLib().Reference)((statement: string, params: string) => this.hostCall(p, 'async', statement, params)));
    context.evalSync(PRELUDE);
    try {
      context.evalSync(transpileEmbeddedN1ql(source.code), { timeout: this.limits.timeoutMs });
    } catch (e) {
      context.release();
      throw e;
    }
    const call = global.getSync('__call', { reference: true }) as ivmModule.Reference<(mode: string, fname: string, args: Value[]) => string | undefined>;
    const entry = { context, call };
    p.contexts.set(source.key, entry);
    return entry;
  }

  /** A N1QL() call from inside the isolate: rows as JSON; an error is kept to be raised as it is. */
  private hostCall(p: PooledIsolate, mode: 'sync' | 'async', statement: string, paramsJson: string): string | Promise<string> {
    const params = JSON.parse(paramsJson) as Value;
    const keep = (e: unknown): never => {
      p.hostError = e;
      throw new Error(e instanceof Error ? e.message : String(e));
    };
    if (mode === 'sync') {
      if (!p.host.sync) keep(new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: 'N1QL() is not supported here' }));
      try {
        return JSON.stringify(p.host.sync!(statement, params), bigintAsDouble);
      } catch (e) {
        return keep(e);
      }
    }
    if (!p.host.async) return keep(new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: 'N1QL() is not supported here' }));
    return p.host.async(statement, params).then((rows) => JSON.stringify(rows, bigintAsDouble), keep);
  }

  /** The error of a failed call: a statement's own error as it is, else 10109 naming the limit or the JavaScript error. */
  private failure(p: PooledIsolate, fn: string, source: JavascriptSource, e: unknown): unknown {
    if (p.hostError !== undefined) return p.hostError;
    if (e instanceof QueryError) return e;
    const message = e instanceof Error ? e.message : String(e);
    let why = message;
    if (/timed out/i.test(message)) why = `stopped after ${this.limits.timeoutMs} ms (the time limit of a JavaScript function call)`;
    else if (p.isolate.isDisposed || /memory limit/i.test(message)) why = `stopped: it used more than ${this.limits.memoryMb} MB of memory (the memory limit of a JavaScript function call)`;
    return new QueryError({ code: ErrorCode.FUNCTION_EXECUTION, phase: 'execution', message: `Error executing function '${fn}' ${source.label}: ${why}`, cause: e });
  }
}

import type { FunctionBody, KeyspaceRef } from '../../ast/index.js';
import { ErrorCode, QueryError } from '../../errors/index.js';
import type { ObjectValue, Value } from '../../values/index.js';

/**
 * Where a user-defined function lives: globally in a namespace (`default:f`) or in a scope of a
 * bucket (`default:b.s.f`). Source: couchbase/query `functions/` (`functions.FunctionName`).
 */
export interface FunctionIdentity {
  namespace: string;
  bucket?: string;
  scope?: string;
  name: string;
}

/** A stored user-defined function: its identity, parameters (undefined: variadic) and body. */
export interface FunctionDefinition {
  identity: FunctionIdentity;
  params?: string[];
  body: FunctionBody;
  /** The CREATE FUNCTION statement that made it (canonical text), run again when a file store opens. */
  statement: string;
}

/**
 * The identity a function name resolves to. A one-part name is global unless a query context
 * `default:bucket.scope` is given (then it is scoped there); a three-part name is scoped. A
 * name without a namespace takes the query context's (`dimestore:`), else `default`.
 */
export function functionIdentity(ref: Pick<KeyspaceRef, 'namespace' | 'path'>, queryContext?: string): FunctionIdentity {
  const context = queryContext ? parseQueryContext(queryContext) : undefined;
  // An unqualified name is in the query context's namespace (`dimestore:` → `dimestore:f`).
  const namespace = ref.namespace ?? context?.namespace ?? 'default';
  if (ref.path.length === 3) return { namespace, bucket: ref.path[0]!, scope: ref.path[1]!, name: ref.path[2]! };
  if (context?.bucket !== undefined && context.scope !== undefined) return { namespace: context.namespace, bucket: context.bucket, scope: context.scope, name: ref.path[0]! };
  return { namespace, name: ref.path[ref.path.length - 1]! };
}

/** `[namespace:]bucket.scope` (or `namespace:`) of the query service's `query_context`. */
export function parseQueryContext(text: string): { namespace: string; bucket?: string; scope?: string } {
  const colon = text.indexOf(':');
  const namespace = colon >= 0 ? text.slice(0, colon) || 'default' : 'default';
  const rest = colon >= 0 ? text.slice(colon + 1) : text;
  const parts = rest.split('.').map((p) => p.replace(/^`|`$/g, '')).filter((p) => p !== '');
  return parts.length === 2 ? { namespace, bucket: parts[0], scope: parts[1] } : { namespace };
}

/** `default:f` or `default:b.s.f`: the key of `system:functions` (`META().id`). */
export function functionKey(id: FunctionIdentity): string {
  return id.bucket !== undefined ? `${id.namespace}:${id.bucket}.${id.scope}.${id.name}` : `${id.namespace}:${id.name}`;
}

/** The reference's error for a name that resolves to no function (3000, its parser's). */
export function invalidFunction(written: string, id: FunctionIdentity): QueryError {
  return new QueryError({ code: ErrorCode.SYNTAX, phase: 'semantic', message: `Invalid function ${written} (resolving to ${functionKey(id)})` });
}

/**
 * The row of `system:functions` for a definition: `{identity, definition}` with the reference's
 * members (`#language`, `parameters`, and `expression`/`text` or `library`/`object`/`code`).
 */
export function functionRow(d: FunctionDefinition, printExpr: (e: import('../../ast/index.js').Expr) => string): ObjectValue {
  const identity: ObjectValue = { name: d.identity.name, namespace: d.identity.namespace, type: d.identity.bucket !== undefined ? 'scope' : 'global' };
  if (d.identity.bucket !== undefined) {
    identity.bucket = d.identity.bucket;
    identity.scope = d.identity.scope!;
  }
  const parameters: Value = d.params ?? ['...'];
  const b = d.body;
  const definition: ObjectValue =
    b.language === 'inline'
      ? { '#language': 'inline', expression: printExpr(b.expr), parameters, text: b.text }
      : b.library !== undefined
        ? { '#language': 'javascript', library: b.library, object: b.object, parameters }
        : { '#language': 'javascript', library: d.identity.name, object: d.identity.name, parameters, text: b.code };
  return { definition, identity };
}

/** The catalogue's key of a function: names are case-insensitive (as function names are in N1QL). */
const mapKey = (id: FunctionIdentity): string => functionKey(id).toLowerCase();

/**
 * The user-defined functions of a database, by {@link functionKey} without case (a function
 * keeps the case it was created with: `system:functions` shows it). `version` changes with every
 * CREATE / DROP, so that compiled bodies cached by a request are never stale; `onChange` (the
 * file store's persistence) is awaited after each change.
 */
export class FunctionCatalog {
  private readonly byKey = new Map<string, FunctionDefinition>();
  version = 0;
  onChange?: (all: FunctionDefinition[]) => Promise<void>;

  get(id: FunctionIdentity): FunctionDefinition | undefined {
    return this.byKey.get(mapKey(id));
  }

  all(): FunctionDefinition[] {
    return [...this.byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, d]) => d);
  }

  /**
   * Adds or replaces a definition. Without `replace` an existing name raises 10102 ("Function
   * 'f' already exists", cause the name), unless `ifNotExists` (then nothing changes).
   */
  async create(d: FunctionDefinition, replace: boolean, ifNotExists: boolean): Promise<void> {
    const key = mapKey(d.identity);
    if (this.byKey.has(key) && !replace) {
      if (ifNotExists) return;
      throw new QueryError({ code: ErrorCode.FUNCTION_EXISTS, phase: 'execution', message: `Function '${d.identity.name}' already exists - cause: ${d.identity.name}` });
    }
    this.byKey.set(key, d);
    this.version++;
    await this.onChange?.(this.all());
  }

  /** Removes a definition; 10101 "Function 'f' not found" when there is none, unless `ifExists`. */
  async drop(id: FunctionIdentity, ifExists: boolean): Promise<void> {
    if (!this.byKey.delete(mapKey(id))) {
      if (ifExists) return;
      throw new QueryError({ code: ErrorCode.FUNCTION_NOT_FOUND, phase: 'execution', message: `Function '${id.name}' not found` });
    }
    this.version++;
    await this.onChange?.(this.all());
  }
}

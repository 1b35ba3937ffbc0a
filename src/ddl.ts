import type { Statement } from './ast/index.js';
import { QueryError } from './errors/index.js';
import { keyspaceName, resolveKeyspace, type Catalog } from './planner/catalog.js';
import { printExpr } from './syntax/print.js';
import type { Value } from './values/index.js';

/** Runs an index DDL statement and returns its result rows. */
export type DdlHandler = (s: Statement) => Promise<Value[]>;

/** An index definition as `system:indexes` shows it. */
export interface IndexDefinition {
  id: string;
  name: string;
  keyspace_id: string;
  namespace_id: string;
  index_key: string[];
  condition?: string;
  is_primary?: boolean;
  state: 'online' | 'deferred';
  using: 'gsi';
}

/**
 * The index catalogue. Index definitions are recorded (and shown in `system:indexes`) but not
 * yet used by the planner: every query runs on the keyspace's sequential scan, so results are
 * those of a full scan. Errors as the reference: 4300 when the index exists, 12016 when a
 * dropped index does not.
 */
export class IndexCatalog {
  private readonly defs = new Map<string, IndexDefinition>();
  private seq = 0;

  constructor(private readonly catalog: Catalog) {}

  list(): IndexDefinition[] {
    return [...this.defs.values()];
  }

  private id(ks: string, name: string): string {
    return `${ks}\u0000${name}`;
  }

  /** Handles CREATE [PRIMARY] INDEX, DROP INDEX and BUILD INDEX. */
  readonly handle: DdlHandler = async (s) => {
    switch (s.kind) {
      case 'CreateIndex':
      case 'CreatePrimaryIndex': {
        const ks = resolveKeyspace(s.keyspace, this.catalog).name;
        const name = s.name ?? '#primary';
        if (this.defs.has(this.id(ks, name))) {
          if (s.ifNotExists) return [];
          throw new QueryError({ code: 4300, phase: 'execution', message: `The index ${name} already exists.`, position: s.loc });
        }
        const deferred = s.with && printExpr(s.with).includes('"defer_build": true');
        this.defs.set(this.id(ks, name), {
          id: `idx${++this.seq}`,
          name,
          keyspace_id: ks,
          namespace_id: 'default',
          index_key: s.kind === 'CreateIndex' ? s.keys.map((k) => (k.array ? `${k.array.toLowerCase()} ` : '') + printExpr(k.expr) + (k.desc ? ' DESC' : '')) : [],
          ...(s.kind === 'CreateIndex' && s.where ? { condition: printExpr(s.where) } : {}),
          ...(s.kind === 'CreatePrimaryIndex' ? { is_primary: true } : {}),
          state: deferred ? 'deferred' : 'online',
          using: 'gsi',
        });
        return [];
      }
      case 'DropIndex': {
        const ks = keyspaceName(s.keyspace);
        const name = s.name ?? '#primary';
        if (!this.defs.delete(this.id(ks, name)) && !s.ifExists) {
          throw new QueryError({ code: 12016, phase: 'execution', message: `Index Not Found - cause: GSI index ${name} not found.`, position: s.loc });
        }
        return [];
      }
      case 'BuildIndex': {
        const ks = resolveKeyspace(s.keyspace, this.catalog).name;
        for (const n of s.names) {
          const d = this.defs.get(this.id(ks, n));
          if (d) d.state = 'online';
        }
        return [];
      }
      default:
        return [];
    }
  };
}

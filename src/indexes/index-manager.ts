import type { CreateIndexStatement, CreatePrimaryIndexStatement, Expr } from '../ast/index.js';
import { constantValue } from '../eval/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { nextTurn, SLICE_MS } from '../event-loop-turns.js';
import { expandIndexKeys, flattenChain, type IndexInfo } from '../catalog/index.js';
import type { Value } from '../values/index.js';
import { IndexTree, type DocumentColumns, type KeyspaceStore, type Store, type StoredDocument } from '../storage/index.js';
import { printExpr, printStatement } from '../ast/print.js';
import { PostgresKeyspace, PostgresStore, type PgIndex, type PgIndexView } from '../storage/postgres/index.js';
import { compileIndexEntries, compileIndexOccurrences, type EntryFunction } from './index-entries.js';
import { TokenIndexBuild } from './token-index-build.js';

/** `WITH {"design_doc": "geo"}` → `_design/geo`. */
function designDocOf(w: Expr | undefined): string | undefined {
  if (!w) return undefined;
  const v = constantValue(w);
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const d = (v as Record<string, unknown>).design_doc;
  return typeof d === 'string' && d ? (d.startsWith('_design/') ? d : `_design/${d}`) : undefined;
}

/** Documents an index build adds between two checks of the clock (and progress reports): well under one slice of work. */
const BUILD_CHUNK = 512;
/**
 * Milliseconds of build work after which the build lets the event loop run: other requests
 * wait no longer than this behind a CREATE INDEX (50,000 documents per turn held it ~0.4 s).
 */
const BUILD_SLICE_MS = SLICE_MS;

/** Lets the event loop run when `since.t` is {@link BUILD_SLICE_MS} ago. */
async function pauseIfDue(since: { t: number }): Promise<void> {
  if (performance.now() - since.t < BUILD_SLICE_MS) return;
  await nextTurn();
  since.t = performance.now();
}

/** Calls `add` on up to `limit` more documents of `docs`; returns how many (fewer: `docs` is done). */
function addChunk(docs: Iterator<StoredDocument>, limit: number, add: (d: StoredDocument) => void): number {
  let n = 0;
  while (n < limit) {
    const r = docs.next();
    if (r.done) break;
    add(r.value);
    n++;
  }
  return n;
}

/** A secondary or primary index with its data. */
export interface IndexState {
  info: IndexInfo;
  tree?: IndexTree;
  /** PostgreSQL store: the index's id in `tokenql_index_entries` and the view its scans read (no tree). */
  pgId?: number;
  view?: PgIndexView;
  /** The text of the statement that created the index (saved by the durable stores). */
  statement?: string;
  entries?: EntryFunction;
  /** The occurrences of a document's entries (index-entries.ts), compiled when first asked for. */
  occurrences?: (doc: StoredDocument) => Value[][];
}

/** Progress of an index build: documents done of the keyspace's total. */
export type BuildProgress = (p: { index: string; keyspace: string; done: number; total: number }) => void;

/**
 * The indexes of a store: creation (built at once over the existing documents, unless
 * `defer_build`), BUILD INDEX, DROP INDEX, and maintenance. Every mutation of a keyspace updates
 * every online index of it synchronously, inside the write, so no query sees an index that is
 * half updated for a document. On the PostgreSQL store a secondary index's entries are rows
 * instead (docs/postgres.md "Index entries"): the keyspace maintains them in each write's
 * transaction, a build inserts them chunk by chunk, and {@link tree} gives the view that scans
 * them in PostgreSQL. Errors as the reference: 4300 index exists, 12016 not found.
 */
export class IndexManager {
  private readonly byKeyspace = new Map<string, Map<string, IndexState>>();
  private readonly subscribed = new Set<string>();
  /** Per keyspace: for each build in progress, the document keys written since it began. */
  private readonly writtenDuringBuilds = new Map<string, Set<Set<string>>>();
  private seq = 0;

  constructor(private readonly store: Store) {}

  /** Indexes of a keyspace (all states). */
  infos(keyspace: string): IndexInfo[] {
    return [...(this.byKeyspace.get(keyspace)?.values() ?? [])].map((s) => s.info);
  }

  /** The index of a keyspace with this name (any state), or undefined. */
  info(keyspace: string, name: string): IndexInfo | undefined {
    return this.byKeyspace.get(keyspace)?.get(name)?.info;
  }

  /** Every index of every keyspace. */
  all(): IndexInfo[] {
    return [...this.byKeyspace.values()].flatMap((m) => [...m.values()].map((s) => s.info));
  }

  /** The entry function of a secondary index (undefined for a primary index or an unknown name). */
  entries(keyspace: string, name: string): EntryFunction | undefined {
    return this.byKeyspace.get(keyspace)?.get(name)?.entries;
  }

  /**
   * The occurrences of a document's entries in a secondary index (an ALL array key's duplicates
   * kept: index-entries.ts `compileIndexOccurrences`), or undefined for a primary index or an
   * unknown name.
   */
  occurrences(keyspace: string, name: string): ((doc: StoredDocument) => Value[][]) | undefined {
    const s = this.byKeyspace.get(keyspace)?.get(name);
    if (!s?.entries || s.info.keys.length === 0) return undefined;
    s.occurrences ??= compileIndexOccurrences({ keys: s.info.definition ?? s.info.keys, where: s.info.where }, s.info.alias, keyspace);
    return s.occurrences;
  }

  /**
   * The data of an online secondary index: its tree, or on the PostgreSQL store the view that
   * reads its entries' rows (IndexTree's `scan`, `version`, `keyCount`; no `lookup`).
   */
  tree(keyspace: string, name: string): IndexTree | PgIndexView | undefined {
    const s = this.byKeyspace.get(keyspace)?.get(name);
    return s?.info.state === 'online' ? (s.tree ?? s.view) : undefined;
  }

  /** The statement text that created an index (undefined: unknown name). */
  statement(keyspace: string, name: string): string | undefined {
    return this.byKeyspace.get(keyspace)?.get(name)?.statement;
  }

  /** PostgreSQL store: the index's id in `tokenql_index_entries` (undefined: not a PostgreSQL secondary index). */
  pgId(keyspace: string, name: string): number | undefined {
    return this.byKeyspace.get(keyspace)?.get(name)?.pgId;
  }

  /**
   * PostgreSQL store: called after an index is defined and before its build, so that its
   * definition (and the catalogue version that makes every node maintain it) is saved first.
   */
  onDefined: (() => Promise<void>) | undefined;

  /** PostgreSQL store: tells the keyspace which indexes its writes maintain (every one not deferred). */
  private syncPg(keyspace: string): void {
    const ks = this.store.keyspace(keyspace);
    if (!(ks instanceof PostgresKeyspace)) return;
    const list: PgIndex[] = [];
    for (const s of this.byKeyspace.get(keyspace)?.values() ?? []) {
      if (s.pgId === undefined || !s.entries || s.info.state === 'deferred') continue;
      list.push({ id: s.pgId, name: s.info.name, desc: s.info.keys.map((k) => k.desc ?? false), entries: s.entries });
    }
    ks.setIndexes(list);
  }

  /**
   * PostgreSQL store: takes in an index another node (or an earlier run) defined, whose entries
   * are rows already: no build (a definition still `building`, interrupted, is built again by
   * {@link resumeBuild}). An index of that name already here is kept; its state follows the
   * definition's if that is further on (deferred, building, online).
   */
  adopt(s: CreateIndexStatement | CreatePrimaryIndexStatement, keyspace: string, pgId: number | undefined, state: IndexInfo['state']): void {
    let m = this.byKeyspace.get(keyspace);
    if (!m) this.byKeyspace.set(keyspace, (m = new Map()));
    const name = s.name ?? '#primary';
    const have = m.get(name);
    if (have) {
      // Another node moved it on (BUILD INDEX, a finished build): states only move forward.
      const rank = { deferred: 0, building: 1, online: 2 } as const;
      if (have.pgId === pgId && rank[state as keyof typeof rank] > rank[have.info.state as keyof typeof rank]) {
        have.info.state = state;
        this.syncPg(keyspace);
      }
      return;
    }
    const st = this.newState(s, keyspace, state);
    st.pgId = pgId;
    if (pgId !== undefined && st.entries) st.view = (this.store.keyspace(keyspace) as PostgresKeyspace).indexView(pgId, st.info.keys.map((k) => k.desc ?? false));
    m.set(name, st);
    this.syncPg(keyspace);
  }

  /** PostgreSQL store: forgets an index another node dropped (its entries are deleted by that node). */
  forget(keyspace: string, name: string): void {
    if (this.byKeyspace.get(keyspace)?.delete(name)) this.syncPg(keyspace);
  }

  /** PostgreSQL store: the states of every index (for a reload of the definitions). */
  states(): IndexState[] {
    return [...this.byKeyspace.values()].flatMap((m) => [...m.values()]);
  }

  /** The state of a new index (not yet in the manager). */
  private newState(s: CreateIndexStatement | CreatePrimaryIndexStatement, keyspace: string, state: IndexInfo['state']): IndexState {
    const name = s.name ?? '#primary';
    const alias = s.keyspace.alias ?? s.keyspace.path[s.keyspace.path.length - 1];
    const info: IndexInfo = {
      id: `${keyspace}:${name}:${++this.seq}`,
      name,
      keyspace,
      alias,
      isPrimary: s.kind === 'CreatePrimaryIndex',
      keys: s.kind === 'CreateIndex' ? expandIndexKeys(s.keys) : [],
      ...(s.kind === 'CreateIndex' && s.keys.some((k) => flattenChain(k)) ? { definition: s.keys } : {}),
      where: s.kind === 'CreateIndex' ? s.where : undefined,
      ...(s.partition ? { partition: s.partition } : {}),
      state,
      designDoc: designDocOf(s.with) ?? `_design/ddl_${name}`,
    };
    const st: IndexState = { info, statement: printStatement(s) };
    if (s.kind === 'CreateIndex') st.entries = compileIndexEntries(s, alias, keyspace);
    return st;
  }

  private subscribe(ks: KeyspaceStore): void {
    if (this.subscribed.has(ks.name)) return;
    this.subscribed.add(ks.name);
    ks.onMutation((key, before, after) => {
      const builds = this.writtenDuringBuilds.get(ks.name);
      if (builds) for (const written of builds) written.add(key);
      const m = this.byKeyspace.get(ks.name);
      if (!m) return;
      for (const s of m.values()) {
        if (!s.tree || s.info.state === 'deferred') continue;
        if (before) for (const e of s.entries!(before)) s.tree.remove(e, before.key);
        if (after) for (const e of s.entries!(after)) s.tree.add(e, after.key);
      }
    });
  }

  /** Creates an index; builds it unless deferred. */
  async create(s: CreateIndexStatement | CreatePrimaryIndexStatement, keyspace: string, onProgress?: BuildProgress): Promise<void> {
    const ks = this.store.keyspace(keyspace)!;
    let m = this.byKeyspace.get(keyspace);
    if (!m) this.byKeyspace.set(keyspace, (m = new Map()));
    const name = s.name ?? '#primary';
    if (m.has(name)) {
      if (s.ifNotExists) return;
      throw new QueryError({ code: 4300, phase: 'execution', message: `The index ${name} already exists.`, position: s.loc });
    }
    const deferred = s.with !== undefined && printExpr(s.with).replace(/\s/g, '').includes('"defer_build":true');
    const state = this.newState(s, keyspace, deferred ? 'deferred' : 'building');
    if (s.kind === 'CreateIndex') {
      if (ks instanceof PostgresKeyspace && this.store instanceof PostgresStore) {
        // The entries are rows of PostgreSQL (docs/postgres.md "Index entries"): an id, no tree.
        state.pgId = await this.store.newIndexId();
        state.view = ks.indexView(state.pgId, state.info.keys.map((k) => k.desc ?? false));
        if (m.has(name)) {
          if (s.ifNotExists) return;
          throw new QueryError({ code: 4300, phase: 'execution', message: `The index ${name} already exists.`, position: s.loc });
        }
      } else state.tree = new IndexTree(state.info.keys.map((k) => k.desc));
    }
    m.set(name, state);
    if (state.pgId === undefined) this.subscribe(ks);
    if (state.pgId !== undefined) await this.onDefined?.();
    if (!deferred) await this.buildOne(state, ks, onProgress);
  }

  /**
   * PostgreSQL store: builds an index's entries (index-build.ts) while the keyspace's writes
   * maintain it (its definition, saved first, says `building` to every node), then sets it online.
   */
  private async buildPg(s: IndexState, ks: KeyspaceStore, onProgress?: BuildProgress): Promise<void> {
    s.info.state = 'building';
    this.syncPg(ks.name);
    await this.onDefined?.();
    const store = this.store as PostgresStore;
    const index: PgIndex = { id: s.pgId!, name: s.info.name, desc: s.info.keys.map((k) => k.desc ?? false), entries: s.entries! };
    const leftOut = await store.buildIndex(ks.name, index, (done, total) => onProgress?.({ index: s.info.name, keyspace: ks.name, done, total }));
    if (leftOut > 0) s.info.incomplete = true;
    s.info.state = 'online';
  }

  /** PostgreSQL store: finishes a build that another run left `building` (a crash), and saves it online. */
  async resumeBuild(keyspace: string, name: string): Promise<void> {
    const s = this.byKeyspace.get(keyspace)?.get(name);
    const ks = this.store.keyspace(keyspace);
    if (!s || !ks || s.pgId === undefined || s.info.state !== 'building') return;
    await this.buildPg(s, ks);
  }

  private async buildOne(s: IndexState, ks: KeyspaceStore, onProgress?: BuildProgress): Promise<void> {
    if (s.pgId !== undefined) return this.buildPg(s, ks, onProgress);
    s.info.state = 'building';
    if (s.tree) {
      let builds = this.writtenDuringBuilds.get(ks.name);
      if (!builds) this.writtenDuringBuilds.set(ks.name, (builds = new Set()));
      const written = new Set<string>();
      builds.add(written);
      try {
        await this.fill(s, ks, written, onProgress);
      } finally {
        builds.delete(written);
        if (builds.size === 0) this.writtenDuringBuilds.delete(ks.name);
      }
    }
    s.info.state = 'online';
  }

  /**
   * Puts the entries of every document into the tree of a new index, yielding to the event loop
   * every {@link BUILD_SLICE_MS} ms; `written` collects the keys written meanwhile, whose new
   * versions the mutation listener indexes. A TOKENS index reads the keyspace's document columns
   * ({@link fillTokens}); other indexes visit its documents.
   */
  private async fill(s: IndexState, ks: KeyspaceStore, written: Set<string>, onProgress?: BuildProgress): Promise<void> {
    const total = ks.count();
    const tree = s.tree!;
    const entries = s.entries!;
    const progress = (done: number): void => onProgress?.({ index: s.info.name, keyspace: ks.name, done, total });
    tree.beginBuild();
    const tokens = entries.tokensOf && new TokenIndexBuild(tree, entries.tokensOf.path, entries.tokensOf.options, total);
    if (tokens) await this.fillTokens(tokens, ks.documentColumns(), ks, s, written, progress);
    else {
      const docs = ks.documents()[Symbol.iterator]();
      let done = 0;
      const since = { t: performance.now() };
      for (;;) {
        // Writes happen only between chunks (at the await below): a chunk is all appends, or all re-checks.
        const n =
          written.size > 0
            ? // The listener may have indexed a document already: add (not append) from here on,
              // and only the document as it is now.
              addChunk(docs, BUILD_CHUNK, (d) => {
                if (ks.get(d.key) === d) for (const e of entries(d)) tree.add(e, d.key);
              })
            : addChunk(docs, BUILD_CHUNK, (d) => {
                for (const e of entries(d)) tree.append(e, d.key);
              });
        done += n;
        if (n < BUILD_CHUNK) break;
        progress(done);
        await pauseIfDue(since);
      }
    }
    // The entries' sort, in pieces with pauses (it held the loop ~250 ms for 200k composite keys).
    const since = { t: performance.now() };
    await tree.presortBuild(() => pauseIfDue(since));
    // Entries recorded before a write are kept only for documents the writes left alone.
    await tree.endBuildInPieces(tokens?.finish(written.size > 0 ? written : undefined), () => pauseIfDue(since));
    progress(total);
  }

  /**
   * {@link fill} of a TOKENS index from the keyspace's document columns, slot after slot, as they
   * were when the build began (see `DocumentTable.columns`: documents inserted since are past
   * `length`, and the listener indexes them). Once a write has happened, a slot's document is
   * added only if it is still the key's live document, and the tree's `add` keeps it from being
   * indexed twice.
   */
  private async fillTokens(tokens: TokenIndexBuild, columns: DocumentColumns, ks: KeyspaceStore, s: IndexState, written: Set<string>, progress: (done: number) => void): Promise<void> {
    const { keys, values, length } = columns;
    const tree = s.tree!;
    const entries = s.entries!;
    let done = 0;
    const since = { t: performance.now() };
    for (let i = 0; i < length; ) {
      const end = Math.min(length, i + BUILD_CHUNK);
      if (written.size === 0) done += tokens.addSlots(keys, values, i, end);
      else {
        for (let j = i; j < end; j++) {
          const key = keys[j];
          if (key === undefined) continue;
          const d = ks.get(key);
          if (d === undefined || d.value !== values[j]) continue;
          for (const e of entries(d)) tree.add(e, key);
          done++;
        }
      }
      i = end;
      if (i < length) {
        progress(done);
        await pauseIfDue(since);
      }
    }
  }

  /** BUILD INDEX: builds the named deferred indexes. */
  async build(keyspace: string, names: string[], onProgress?: BuildProgress): Promise<void> {
    const ks = this.store.keyspace(keyspace)!;
    for (const n of names) {
      const s = this.byKeyspace.get(keyspace)?.get(n);
      if (!s) throw new QueryError({ code: 12016, phase: 'execution', message: `Index Not Found - cause: GSI index ${n} not found.` });
      if (s.info.state === 'deferred') await this.buildOne(s, ks, onProgress);
    }
  }

  /** DROP INDEX. */
  drop(keyspace: string, name: string, ifExists: boolean): void {
    if (!this.byKeyspace.get(keyspace)?.delete(name) && !ifExists) {
      throw new QueryError({ code: ErrorCode.INDEX_NOT_FOUND, phase: 'execution', message: `Index Not Found - cause: GSI index ${name} not found.` });
    }
    this.syncPg(keyspace);
  }

  /** Forgets the indexes of a dropped keyspace. */
  dropKeyspace(keyspace: string): void {
    this.byKeyspace.delete(keyspace);
    this.subscribed.delete(keyspace);
  }
}

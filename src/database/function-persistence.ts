import { functionIdentity, type FunctionCatalog, type FunctionDefinition } from '../executor/udf/function-catalog.js';
import { parseStatement } from '../syntax/parse.js';
import type { Library, LibraryCatalog } from '../executor/udf/library-catalog.js';
import type { FileStore } from '../storage/file/index.js';
import type { PostgresStore } from '../storage/postgres/index.js';

/** One saved function: its key and the CREATE FUNCTION statement run again on open. */
interface SavedFunction {
  id: string;
  statement: string;
}

/**
 * Keeps user-defined functions and JavaScript libraries durable on the file store (and the PostgreSQL store, as catalogue rows), as index
 * definitions are (index-persistence.ts): after every CREATE / DROP FUNCTION the statements
 * of all functions are saved (`functions.json` in the data directory, atomically), after every
 * library change the libraries (`libraries.json`). On open the libraries are loaded and the
 * saved statements parsed into definitions again — not run: a body may call a function saved
 * after it, or itself, which CREATE FUNCTION would refuse before that function exists.
 */
export async function persistFunctions(store: FileStore | PostgresStore, functions: FunctionCatalog, libraries: LibraryCatalog): Promise<void> {
  libraries.restore((await store.catalog<Library[]>('libraries.json')) ?? []);
  for (const f of (await store.catalog<SavedFunction[]>('functions.json')) ?? []) {
    const s = parseStatement(f.statement);
    if (s.kind !== 'CreateFunction') throw new Error(`functions.json: not a CREATE FUNCTION statement: ${f.statement}`);
    await functions.create({ identity: functionIdentity(s.name), ...(s.params ? { params: s.params } : {}), body: s.body, statement: f.statement }, true, false);
  }
  functions.onChange = (all: FunctionDefinition[]) =>
    store.saveCatalog(
      'functions.json',
      all.map((d) => ({ id: `${d.identity.namespace}:${d.identity.bucket !== undefined ? `${d.identity.bucket}.${d.identity.scope}.` : ''}${d.identity.name}`, statement: d.statement })),
    );
  libraries.onChange = (all: Library[]) => store.saveCatalog('libraries.json', all);
}

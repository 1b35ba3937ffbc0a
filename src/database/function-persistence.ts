import type { FunctionCatalog, FunctionDefinition } from '../executor/udf/function-catalog.js';
import type { Library, LibraryCatalog } from '../executor/udf/library-catalog.js';
import type { FileStore } from '../storage/file/index.js';

/** One saved function: its key and the CREATE FUNCTION statement run again on open. */
interface SavedFunction {
  id: string;
  statement: string;
}

/**
 * Keeps user-defined functions and JavaScript libraries durable on the file store, as index
 * definitions are (index-persistence.ts): after every CREATE / DROP FUNCTION the statements
 * of all functions are saved (`functions.json` in the data directory, atomically), after every
 * library change the libraries (`libraries.json`). On open the libraries are loaded and the
 * saved statements run again.
 */
export async function persistFunctions(
  store: FileStore,
  functions: FunctionCatalog,
  libraries: LibraryCatalog,
  run: (statement: string) => Promise<unknown>,
): Promise<void> {
  libraries.restore((await store.catalog<Library[]>('libraries.json')) ?? []);
  for (const f of (await store.catalog<SavedFunction[]>('functions.json')) ?? []) await run(f.statement);
  functions.onChange = (all: FunctionDefinition[]) =>
    store.saveCatalog(
      'functions.json',
      all.map((d) => ({ id: `${d.identity.namespace}:${d.identity.bucket !== undefined ? `${d.identity.bucket}.${d.identity.scope}.` : ''}${d.identity.name}`, statement: d.statement })),
    );
  libraries.onChange = (all: Library[]) => store.saveCatalog('libraries.json', all);
}

import type { SyncReader } from './sync-reader.js';

/** Catalogue rows (`tokenql_catalog`) of the prepared statements: kind, name = `u:` or `r:` (restricted callers) + the statement's name. */
const KIND = 'prepared';

const rowName = (name: string, restricted: boolean) => `${restricted ? 'r' : 'u'}:${name}`;

/**
 * The prepared statements of a database on the PostgreSQL store, shared by its query nodes
 * (docs/postgres.md "Several query nodes"): PREPARE saves the statement's name and its PREPARE
 * text as a catalogue row; a node asked to EXECUTE a name it does not hold loads the text and
 * prepares it again, as the reference's query nodes do with a statement prepared on another node.
 * The plans, their use counts (`system:prepareds`) stay per node. Synchronous, through the
 * store's reader connection: one statement per call.
 */
export class PgPrepared {
  constructor(private readonly reader: SyncReader) {}

  /** Saves (or replaces) the PREPARE text of `name`. */
  save(name: string, restricted: boolean, prepareText: string): void {
    this.reader.query('INSERT INTO tokenql_catalog (kind, name, value) VALUES ($1, $2, $3) ON CONFLICT (kind, name) DO UPDATE SET value = EXCLUDED.value', [
      KIND,
      rowName(name, restricted),
      JSON.stringify({ text: prepareText }),
    ]);
  }

  /** The PREPARE text saved under `name`, or undefined. */
  load(name: string, restricted: boolean): string | undefined {
    const r = this.reader.query('SELECT value FROM tokenql_catalog WHERE kind = $1 AND name = $2', [KIND, rowName(name, restricted)]);
    return r.length ? (JSON.parse(r[0]![0] as string) as { text: string }).text : undefined;
  }

  /** Forgets `name` (DELETE FROM system:prepareds). */
  remove(name: string, restricted: boolean): void {
    this.reader.query('DELETE FROM tokenql_catalog WHERE kind = $1 AND name = $2', [KIND, rowName(name, restricted)]);
  }
}

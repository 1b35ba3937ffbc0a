/**
 * JavaScript libraries of user-defined functions (`LANGUAGE JAVASCRIPT AS "fname" AT "lib"`),
 * managed by the query service's `/evaluator/v1/libraries` REST endpoint. A library is global
 * (`bucket` and `scope` empty) or belongs to a scope. Source: the reference's Functions REST API
 * (docs: n1ql-rest-api/functions).
 */
export interface Library {
  name: string;
  bucket: string;
  scope: string;
  code: string;
}

const keyOf = (name: string, bucket = '', scope = '') => `${bucket}/${scope}/${name}`;

/** The libraries of a database; `version` changes with every change, `onChange` persists them. */
export class LibraryCatalog {
  private readonly byKey = new Map<string, Library>();
  version = 0;
  onChange?: (all: Library[]) => Promise<void>;

  get(name: string, bucket = '', scope = ''): Library | undefined {
    return this.byKey.get(keyOf(name, bucket, scope));
  }

  all(): Library[] {
    return [...this.byKey.values()].sort((a, b) => (keyOf(a.name, a.bucket, a.scope) < keyOf(b.name, b.bucket, b.scope) ? -1 : 1));
  }

  /** Creates or replaces a library. */
  async put(lib: Library): Promise<void> {
    this.byKey.set(keyOf(lib.name, lib.bucket, lib.scope), { ...lib });
    this.version++;
    await this.onChange?.(this.all());
  }

  /** Deletes a library; false if there was none. */
  async delete(name: string, bucket = '', scope = ''): Promise<boolean> {
    if (!this.byKey.delete(keyOf(name, bucket, scope))) return false;
    this.version++;
    await this.onChange?.(this.all());
    return true;
  }

  /** Loads saved libraries (no `onChange`). */
  restore(all: Library[]): void {
    for (const l of all) this.byKey.set(keyOf(l.name, l.bucket, l.scope), { ...l });
  }
}

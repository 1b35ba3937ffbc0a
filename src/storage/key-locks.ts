/**
 * The document keys a committing transaction holds (src/transactions/commit.ts): between its
 * conflict check and its writes, a write of one of them (insert, upsert, replace, remove) waits
 * until the transaction settles. Shared by the keyspaces of every store.
 */
export class KeyLocks {
  private readonly held = new Map<string, Promise<void>>();

  /** Holds `keys` until `until` settles (fulfilled or rejected). */
  hold(keys: Iterable<string>, until: Promise<unknown>): void {
    const done = until.then(
      () => {},
      () => {},
    );
    const list = [...keys];
    for (const k of list) this.held.set(k, done);
    void done.then(() => {
      for (const k of list) if (this.held.get(k) === done) this.held.delete(k);
    });
  }

  /** Resolves once no transaction holds `key`. */
  async free(key: string): Promise<void> {
    for (let l = this.held.get(key); l; l = this.held.get(key)) await l;
  }

  /** Whether any key is held (a write need not wait when none is). */
  get any(): boolean {
    return this.held.size > 0;
  }
}

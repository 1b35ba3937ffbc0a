import type { Value } from '../values/index.js';

/**
 * The document keys that share one index key. While an index is being built each document is
 * appended once, into a plain array (cheap); the first later change turns it into a Set, so
 * maintenance (add, delete) stays O(1).
 */
export class Posting {
  private arr: string[] | undefined;
  private set: Set<string> | undefined;

  /**
   * @param key the index key the documents share
   * @param docs its first documents, if any: an array of distinct keys, which the posting takes over
   */
  constructor(
    readonly key: Value[],
    docs?: string[],
  ) {
    this.arr = docs ?? [];
  }

  get size(): number {
    return this.set ? this.set.size : this.arr!.length;
  }

  /** Appends a document known not to be in the posting (index build). */
  append(id: string): void {
    if (this.set) this.set.add(id);
    else this.arr!.push(id);
  }

  private toSet(): Set<string> {
    if (!this.set) {
      this.set = new Set(this.arr);
      this.arr = undefined;
    }
    return this.set;
  }

  /** Adds a document; false if it was there. */
  add(id: string): boolean {
    const s = this.toSet();
    if (s.has(id)) return false;
    s.add(id);
    return true;
  }

  /** Removes a document; false if it was not there. */
  delete(id: string): boolean {
    return this.toSet().delete(id);
  }

  [Symbol.iterator](): Iterator<string> {
    return this.set ? this.set.values() : this.arr![Symbol.iterator]();
  }
}

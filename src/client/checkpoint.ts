/**
 * Replication checkpoints in the remote's `_local/{id}` documents (not replicated, CouchDB
 * protocol). The id is `cp-` + SHA-1 of the local database's client id, the remote URL, the local
 * keyspace and the replication type, so a restarted replicator over the same local database
 * resumes where it stopped, and another local database starts from the beginning.
 */
import { createHash } from 'node:crypto';
import type { GatewayHttp } from './http.js';

/** A remote checkpoint: the last remote sequence fully pulled. */
export class Checkpoint {
  private rev: string | undefined;

  constructor(
    private readonly http: GatewayHttp,
    readonly id: string,
  ) {}

  /** The id of the checkpoint of one replicator configuration. */
  static idOf(clientId: string, url: string, keyspace: string, type: string): string {
    return `cp-${createHash('sha1').update(`${clientId}|${url}|${keyspace}|${type}`).digest('hex')}`;
  }

  /** The saved remote sequence (undefined when there is no checkpoint yet). */
  async load(): Promise<unknown> {
    const res = await this.http.request('GET', `/_local/${encodeURIComponent(this.id)}`);
    // No checkpoint yet (404), or none readable: start from the beginning.
    if (res.status >= 300 || typeof res.body !== 'object' || res.body === null) return undefined;
    this.rev = typeof res.body._rev === 'string' ? res.body._rev : undefined;
    return res.body.last_sequence;
  }

  /** Saves the remote sequence (re-reading the checkpoint's revision once on a conflict). */
  async save(lastSequence: unknown): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const body: Record<string, unknown> = { last_sequence: lastSequence };
      if (this.rev !== undefined) body._rev = this.rev;
      const res = await this.http.request('PUT', `/_local/${encodeURIComponent(this.id)}`, body);
      if (res.status < 300) {
        this.rev = typeof res.body?.rev === 'string' ? res.body.rev : undefined;
        return;
      }
      if (res.status !== 409 || attempt > 0) throw new Error(`checkpoint save failed with status ${res.status}`);
      await this.load();
    }
  }
}

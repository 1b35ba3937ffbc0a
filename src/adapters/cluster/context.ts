/** What the cluster admin routes share. */
import type { Database } from '../../index.js';
import type { Authenticator } from './auth.js';
import type { CompactionDaemon } from './daemon.js';
import type { ClusterState } from './state.js';
import type { TaskRegistry } from './tasks.js';

export interface ClusterContext {
  db: Database;
  state: ClusterState;
  auth: Authenticator;
  tasks: TaskRegistry;
  daemon: CompactionDaemon;
  /** User-visible log (compaction outcomes), one line each. */
  log: (line: string) => void;
}

/**
 * The PostgreSQL benchmark's child processes (each store's run, each query node): the parent
 * forks a script of this directory with its settings as JSON in argv[2] and the same node flags
 * (`--import tsx`, heap size) plus `--expose-gc`; the child answers with IPC messages
 * `{ type, … }` (`progress` lines are logged by the parent as they come).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A message between the benchmark and a child. */
export interface Message {
  type: string;
}

/** A forked child: its next message of a type, messages to it, and its end. */
export class Child {
  private readonly inbox: Message[] = [];
  private waiting: { type: string; resolve: (m: Message) => void; reject: (e: Error) => void }[] = [];
  private failure: Error | undefined;
  readonly proc: ChildProcess;

  constructor(script: string, settings: unknown, log: (s: string) => void) {
    const execArgv = [...process.execArgv.filter((a) => a !== '--expose-gc'), '--expose-gc'];
    this.proc = fork(fileURLToPath(new URL(script, import.meta.url)), [JSON.stringify(settings)], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.proc.on('message', (m: Message & { text?: string; message?: string }) => {
      if (m.type === 'progress') log(String(m.text));
      else if (m.type === 'error') this.fail(new Error(`${script}: ${String(m.message)}`));
      else {
        const w = this.waiting.findIndex((x) => x.type === m.type);
        if (w >= 0) this.waiting.splice(w, 1)[0]!.resolve(m);
        else this.inbox.push(m);
      }
    });
    this.proc.on('exit', (code) => {
      if (this.waiting.length) this.fail(new Error(`${script} exited (code ${code}) before answering`));
    });
  }

  private fail(e: Error): void {
    this.failure = e;
    for (const w of this.waiting.splice(0)) w.reject(e);
  }

  /** The next message of `type` (rejected when the child reports an error or exits first). */
  next<T extends Message>(type: T['type']): Promise<T> {
    const i = this.inbox.findIndex((m) => m.type === type);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0] as T);
    if (this.failure) return Promise.reject(this.failure);
    if (this.proc.exitCode !== null) return Promise.reject(new Error(`the child exited (code ${this.proc.exitCode})`));
    return new Promise((resolve, reject) => this.waiting.push({ type, resolve: resolve as (m: Message) => void, reject }));
  }

  send(m: Message): void {
    this.proc.send(m);
  }

  /** Waits for the child to exit (it exits once it has sent its result). */
  exited(): Promise<void> {
    if (this.proc.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => this.proc.once('exit', () => resolve()));
  }
}

// ---- the child's side ----

/** The settings the parent gave this child. */
export function settings<T>(): T {
  return JSON.parse(process.argv[2]!) as T;
}

/** Sends a message to the parent; resolves once it is written to the channel. */
export function tell<T extends Message>(m: T): Promise<void> {
  return new Promise((resolve, reject) => process.send!(m, undefined, {}, (e) => (e ? reject(e) : resolve())));
}

/** A progress line for the parent's log. */
export function progress(text: string): void {
  void tell({ type: 'progress', text });
}

/** The next message of `type` from the parent. */
export function heard(type: string): Promise<Message> {
  return new Promise((resolve) => {
    const on = (m: Message): void => {
      if (m.type !== type) return;
      process.off('message', on);
      resolve(m);
    };
    process.on('message', on);
  });
}

/** Runs the child's body; an error is sent to the parent; the IPC channel is closed at the end. */
export function runChild(body: () => Promise<void>): void {
  body()
    .catch((e: unknown) => tell({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) }))
    .finally(() => process.disconnect());
}

import { spawn } from 'node:child_process';
import { isCancelled } from './embedded-backend.js';
import { formatError, formatProfile, formatRows, formatSummary, formatWarnings, statementSummary } from './format-result.js';
import { parseDuration } from './options.js';
import { createIndexProgress } from './progress.js';
import { deadlineSignal } from './deadline-signal.js';
import { queryParams, type ShellState } from './shell-state.js';

/** After this long a statement on a terminal shows a live line (elapsed time, documents scanned). */
export const LIVE_AFTER_MS = 2000;

/**
 * Runs one statement of the shell and prints its rows (or its error, or its DML/DDL summary:
 * `UPDATE 3`, `index created (0.412 s)`), its warnings and, with `\timing`, the timing line.
 * Ctrl-C aborts `state.running`, which cancels the statement (`QueryOptions.signal` embedded,
 * the HTTP request against a server); the shell then says `statement cancelled`.
 */
export async function runStatement(text: string, state: ShellState): Promise<void> {
  state.last = text;
  const controller = new AbortController();
  state.running = controller;
  const params = queryParams(state);
  const timeoutMs = params.timeout !== undefined ? parseDuration(params.timeout) : undefined;
  const deadline = deadlineSignal(controller.signal, timeoutMs);
  const signal = deadline.signal;
  const scans = { scanned: 0 };
  const live = liveLine(process.stderr, scans);
  const progress = createIndexProgress();
  try {
    const result = await state.backend
      .run(text, { named: params.named, positional: params.positional, signal, onProgress: (p) => (live.stop(), progress.onProgress(p)), progress: scans, timeoutMs, ...(params.profile ? { profile: params.profile } : {}), ...(state.txid ? { txid: state.txid } : {}) })
      .finally(() => {
        deadline.clear();
        live.stop();
        progress.stop();
      });
    followTransaction(text, result.results, state);
    const tty = Boolean((state.out as NodeJS.WriteStream).isTTY);
    const summary = state.quiet || state.format === 'json' || state.format === 'jsonl' || state.format === 'csv' ? undefined : statementSummary(text, result);
    const body = summary ?? formatRows(result.results, state.format, { expanded: state.expanded, ...(tty ? { maxColumnWidth: 60 } : {}) });
    await emit(state, body);
    for (const w of formatWarnings(result)) state.err.write(w + '\n');
    if (state.timing) state.out.write(formatSummary(result) + '\n');
    if (result.profile) state.out.write(formatProfile(result.profile) + '\n');
  } catch (err) {
    state.failed = true;
    // The transaction is gone (unknown 17004, expired 17010, its COMMIT failed 17007).
    if (state.txid && typeof err === 'object' && err !== null && [17004, 17007, 17010].includes((err as { code?: number }).code ?? 0)) state.txid = undefined;
    if (controller.signal.aborted && isCancelled(err)) state.err.write('statement cancelled\n');
    else if (signal.aborted && isCancelled(err)) state.err.write(formatError(new Error(`statement timed out after ${params.timeout}`), state.color) + '\n');
    else state.err.write(formatError(err, state.color) + '\n');
  } finally {
    if (state.running === controller) state.running = undefined;
  }
}

/**
 * Keeps the shell's open transaction as cbq does: BEGIN/START's `txid` row opens it, COMMIT and
 * ROLLBACK (not ROLLBACK TO SAVEPOINT) close it (docs/transactions.md).
 */
function followTransaction(text: string, rows: readonly unknown[], state: ShellState): void {
  const t = text.trim().toUpperCase();
  const txid = (rows[0] as { txid?: unknown } | undefined)?.txid;
  if (/^(BEGIN|START)\b/.test(t) && typeof txid === 'string') state.txid = txid;
  else if (/^COMMIT\b/.test(t) || (/^ROLLBACK\b/.test(t) && !/\bSAVEPOINT\b/.test(t))) state.txid = undefined;
}

/**
 * Writes output: through `$PAGER` (default `less -FRX`) when it goes to a terminal, paging is on
 * and it is longer than the screen; otherwise straight to `state.out`. Never pages piped output.
 */
export async function emit(state: ShellState, text: string): Promise<void> {
  const out = state.out as NodeJS.WriteStream;
  const lines = text.split('\n').length;
  if (!state.pager || state.redirect || out !== process.stdout || !out.isTTY || lines < (out.rows ?? 24) - 1) {
    state.out.write(text + '\n');
    return;
  }
  const pager = process.env.PAGER || 'less -FRX';
  await (state.withTerminal ?? ((f: () => Promise<void>) => f()))(
    () =>
      new Promise<void>((done) => {
        const child = spawn(pager, { shell: true, stdio: ['pipe', 'inherit', 'inherit'] });
        child.on('error', () => {
          state.out.write(text + '\n');
          done();
        });
        child.on('close', () => done());
        child.stdin.on('error', () => {}); // the reader quit early (q in less)
        child.stdin.end(text + '\n');
      }),
  );
}

/**
 * A `⠋ running 3.2 s, 12,345 documents scanned (Ctrl-C cancels)` line on a terminal stream,
 * shown from {@link LIVE_AFTER_MS} on and cleared at `stop()`. `scans` is the statement's scan
 * counter (QueryOptions.progress); without it (a server's statement) the line shows the time only.
 */
export function liveLine(stream: NodeJS.WriteStream, scans?: { scanned: number }): { stop(): void } {
  if (!stream.isTTY) return { stop() {} };
  const started = performance.now();
  const frames = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏';
  let frame = 0;
  let shown = false;
  const timer = setInterval(() => {
    const ms = performance.now() - started;
    if (ms < LIVE_AFTER_MS) return;
    shown = true;
    const scanned = scans && scans.scanned > 0 ? `, ${scans.scanned.toLocaleString('en-US')} document${scans.scanned === 1 ? '' : 's'} scanned` : '';
    stream.write(`\r\x1b[2K${frames[frame++ % frames.length]} running ${(ms / 1000).toFixed(1)} s${scanned} (Ctrl-C cancels)`);
  }, 100);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}


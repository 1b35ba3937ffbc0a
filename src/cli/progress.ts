import cliProgress from 'cli-progress';
import type { IndexBuildProgress, LoadProgress } from '../index.js';

/** A load progress display: feed it `LoadProgress` reports, then `stop()` it. */
export interface ProgressDisplay {
  update(p: LoadProgress): void;
  stop(): void;
}

/**
 * A progress bar on stderr (bytes read of the file, documents loaded and failed) when stderr is a
 * terminal; otherwise a display that shows nothing, so piped output stays clean.
 * @param label shown before the bar, e.g. the keyspace name
 */
export function createProgress(label: string, stream: NodeJS.WriteStream = process.stderr): ProgressDisplay {
  if (!stream.isTTY) return { update() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `${label} [{bar}] {percentage}% | {mb} MB | {loaded} loaded, {failed} failed`,
      hideCursor: true,
      clearOnComplete: true,
      fps: 10,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(p) {
      const total = p.totalBytes ?? 0;
      const payload = { loaded: p.loaded, failed: p.failed, mb: ((p.bytesRead ?? 0) / 1e6).toFixed(1) };
      if (!started) {
        bar.start(Math.max(total, 1), 0, payload);
        started = true;
      }
      bar.update(p.bytesRead ?? 0, payload);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

/**
 * A progress bar for an index build (`CREATE INDEX` on a populated keyspace) on a terminal;
 * returns the `onProgress` callback for `db.query` and a `stop()`.
 */
export function createIndexProgress(stream: NodeJS.WriteStream = process.stderr): { onProgress: (p: IndexBuildProgress) => void; stop(): void } {
  if (!stream.isTTY) return { onProgress() {}, stop() {} };
  let bar: cliProgress.SingleBar | undefined;
  let lastRender = 0;
  return {
    onProgress(p) {
      const phase = p.done >= p.total ? 'sorting and writing the index…' : `${p.done}/${p.total} documents`;
      if (!bar) {
        bar = new cliProgress.SingleBar(
          { stream, format: `building ${p.index} on ${p.keyspace} [{bar}] {percentage}% | {phase}`, hideCursor: true, clearOnComplete: true, fps: 20 },
          cliProgress.Presets.shades_classic,
        );
        bar.start(Math.max(p.total, 1), 0, { phase });
      }
      bar.update(p.done, { phase });
      // The build runs in chunks between turns of the event loop; the bar's own timer may not get
      // a turn between two chunks, so it is drawn here at most every 50 ms (a smooth bar, not 0% then 96%).
      const now = Date.now();
      if (now - lastRender >= 50) {
        lastRender = now;
        bar.render();
      }
    },
    stop() {
      bar?.stop();
    },
  };
}

/**
 * The auto-compaction decisions as pure functions (spec compaction-reference §5, scenarios §I):
 * thresholds, the allowed time period in local time, abortOutside, the run interval and the
 * per-bucket plan. The daemon (daemon.ts) only wires them to the clock and the store.
 */
import type { BucketStats } from '../../index.js';
import type { EffectiveSettings, Threshold, TimeWindow } from './settings.js';

/** Smallest vBucket/data file that is ever compacted, in bytes (one vBucket per bucket here). */
export const MIN_DATA_FILE_BYTES = 131072;
/** Smallest view index file that is ever compacted (20 MiB). */
export const MIN_VIEW_FILE_BYTES = 20 * 1024 * 1024;
/** An "undefined" size threshold: 2^64 bytes, i.e. off. */
const SIZE_OFF = 2 ** 64;

/**
 * True when a file should be compacted: larger than `minFileSize` and its fragmentation reaches
 * the percentage (rounded, halves up) or the byte size; `"undefined"` turns a condition off
 * (percentage 100, size 2^64).
 */
export function needsCompaction(dataSize: number, fileSize: number, threshold: Threshold, minFileSize: number): boolean {
  if (fileSize <= minFileSize) return false;
  const fragBytes = fileSize - dataSize;
  const fragPct = Math.round((100 * fragBytes) / fileSize);
  const pct = threshold.percentage === 'undefined' ? 100 : threshold.percentage;
  const size = threshold.size === 'undefined' ? SIZE_OFF : threshold.size;
  return fragPct >= pct || fragBytes >= size;
}

/** Minutes since local midnight. */
export function minuteOfDay(now: Date): number {
  return now.getHours() * 60 + now.getMinutes();
}

/**
 * True when a compaction may run at `now` (local time): `from ≤ now < to`, wrapping midnight
 * when `to < from`; always true without a window.
 */
export function inWindow(window: TimeWindow | undefined, now: Date): boolean {
  if (!window) return true;
  const from = window.fromHour * 60 + window.fromMinute;
  const to = window.toHour * 60 + window.toMinute;
  const m = minuteOfDay(now);
  return from <= to ? from <= m && m < to : m >= from || m < to;
}

/** True when a running compaction must be stopped: `abortOutside` and the window has closed. */
export function mustAbort(window: TimeWindow | undefined, now: Date): boolean {
  return window !== undefined && window.abortOutside && !inWindow(window, now);
}

/**
 * Milliseconds to wait before the next run: runs start every `intervalMs` counted from the start
 * of the previous one, at once if it took longer.
 */
export function nextRunDelay(startedMs: number, finishedMs: number, intervalMs: number): number {
  return Math.max(0, startedMs + intervalMs - finishedMs);
}

/** What one daemon iteration does for a bucket. */
export interface BucketPlan {
  /** Outside the allowed time period: nothing runs. */
  skipped: boolean;
  data: boolean;
  /** Design documents whose index files need compaction. */
  views: string[];
  /** Data and view compaction may run at the same time. */
  parallel: boolean;
  purgeIntervalDays: number;
}

/** The plan for one bucket from its effective settings, its file statistics and the local time. */
export function planBucket(settings: EffectiveSettings, stats: BucketStats, now: Date, vBuckets = 1): BucketPlan {
  const base = { parallel: settings.parallelDBAndViewCompaction, purgeIntervalDays: settings.purgeInterval };
  if (!inWindow(settings.allowedTimePeriod, now)) return { ...base, skipped: true, data: false, views: [] };
  const data = needsCompaction(stats.data.liveBytes, stats.data.fileBytes, settings.databaseFragmentationThreshold, MIN_DATA_FILE_BYTES * vBuckets);
  const views = Object.entries(stats.views)
    .filter(([, v]) => needsCompaction(v.liveBytes, v.fileBytes, settings.viewFragmentationThreshold, MIN_VIEW_FILE_BYTES))
    .map(([name]) => name)
    .sort();
  return { ...base, skipped: false, data, views };
}

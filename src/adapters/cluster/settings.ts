/**
 * The auto-compaction settings model (spec compaction-reference §2.5, §2.6, §4, §7): global
 * settings, per-bucket settings, their JSON shapes and the effective settings the daemon uses.
 */
import type { Num } from './scalars.js';

export interface Threshold {
  percentage: Num;
  size: Num;
}

export interface TimeWindow {
  fromHour: number;
  toHour: number;
  fromMinute: number;
  toMinute: number;
  abortOutside: boolean;
}

/** The replace-as-a-whole part of the global settings (§4). */
export interface CompactionSettings {
  parallelDBAndViewCompaction: boolean;
  allowedTimePeriod?: TimeWindow;
  magmaFragmentationPercentage?: Num;
  databaseFragmentationThreshold: Threshold;
  viewFragmentationThreshold: Threshold;
}

/** The index (GSI) settings, stored separately and changed only when posted. */
export interface IndexSettings {
  indexCompactionMode: string;
  indexCircularCompaction: { daysOfWeek: string; interval: TimeWindow };
  indexFragmentationThreshold: { percentage: number };
}

/** Everything stored for the cluster. */
export interface GlobalState {
  autoCompaction: CompactionSettings;
  purgeInterval: number;
  index: IndexSettings;
}

export type BucketType = 'membase' | 'ephemeral';
export type StorageBackend = 'couchstore' | 'magma';

/** Per-bucket settings as stored: couchstore shape, or magma's single field. */
export type BucketCompaction = CompactionSettings | { magmaFragmentationPercentage: Num };

/** What is stored about a bucket besides its documents. */
export interface BucketMeta {
  name: string;
  uuid: string;
  bucketType: BucketType;
  storageBackend: StorageBackend;
  /** false: the bucket uses the global settings. */
  autoCompaction: false | BucketCompaction;
  /** The bucket's own purge interval (days); absent = none. */
  purgeInterval?: number;
}

export const DEFAULT_MAGMA_PERCENTAGE = 50;
export const DEFAULT_PURGE_INTERVAL = 3;
export const DEFAULT_EPHEMERAL_PURGE_INTERVAL = 1;
export const ALL_DAYS = 'Sunday,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday';

/** The settings of a brand-new cluster (§2.5). */
export function defaultGlobalState(): GlobalState {
  return {
    autoCompaction: {
      parallelDBAndViewCompaction: false,
      databaseFragmentationThreshold: { percentage: 30, size: 'undefined' },
      viewFragmentationThreshold: { percentage: 30, size: 'undefined' },
    },
    purgeInterval: DEFAULT_PURGE_INTERVAL,
    index: {
      indexCompactionMode: 'circular',
      indexCircularCompaction: {
        daysOfWeek: ALL_DAYS,
        interval: { fromHour: 0, toHour: 0, fromMinute: 0, toMinute: 0, abortOutside: false },
      },
      indexFragmentationThreshold: { percentage: 30 },
    },
  };
}

/** A time window with the keys in the order the reference sends them. */
export function windowJson(w: TimeWindow): TimeWindow {
  return { fromHour: w.fromHour, toHour: w.toHour, fromMinute: w.fromMinute, toMinute: w.toMinute, abortOutside: w.abortOutside };
}

function thresholdJson(t: Threshold): Threshold {
  return { percentage: t.percentage, size: t.size };
}

/** `GET /settings/autoCompaction` body (§2.5). */
export function globalJson(state: GlobalState): { autoCompactionSettings: Record<string, unknown>; purgeInterval: number } {
  const ac = state.autoCompaction;
  const out: Record<string, unknown> = { parallelDBAndViewCompaction: ac.parallelDBAndViewCompaction };
  if (ac.allowedTimePeriod) out.allowedTimePeriod = windowJson(ac.allowedTimePeriod);
  out.magmaFragmentationPercentage = ac.magmaFragmentationPercentage ?? DEFAULT_MAGMA_PERCENTAGE;
  out.databaseFragmentationThreshold = thresholdJson(ac.databaseFragmentationThreshold);
  out.viewFragmentationThreshold = thresholdJson(ac.viewFragmentationThreshold);
  out.indexCompactionMode = state.index.indexCompactionMode;
  out.indexCircularCompaction = {
    daysOfWeek: state.index.indexCircularCompaction.daysOfWeek,
    interval: windowJson(state.index.indexCircularCompaction.interval),
  };
  out.indexFragmentationThreshold = { percentage: state.index.indexFragmentationThreshold.percentage };
  return { autoCompactionSettings: out, purgeInterval: state.purgeInterval };
}

function isCouchstoreSettings(s: BucketCompaction): s is CompactionSettings {
  return 'databaseFragmentationThreshold' in s;
}

/** The compaction members of a bucket's GET (§2.6). */
export function bucketCompactionJson(meta: BucketMeta, global: GlobalState): Record<string, unknown> {
  if (meta.bucketType === 'ephemeral') return { purgeInterval: meta.purgeInterval ?? DEFAULT_EPHEMERAL_PURGE_INTERVAL };
  const s = meta.autoCompaction;
  if (s === false) return { autoCompactionSettings: false };
  // The shape follows the bucket's backend, whatever the request that stored the settings
  // chose (§2.7: the path is the request's storageBackend): a field the bucket did not store
  // comes from the global settings.
  let settings: Record<string, unknown>;
  if (meta.storageBackend === 'magma') {
    const own = isCouchstoreSettings(s) ? undefined : s.magmaFragmentationPercentage;
    settings = { magmaFragmentationPercentage: own ?? global.autoCompaction.magmaFragmentationPercentage ?? DEFAULT_MAGMA_PERCENTAGE };
  } else {
    const c = isCouchstoreSettings(s) ? s : global.autoCompaction;
    settings = { parallelDBAndViewCompaction: c.parallelDBAndViewCompaction };
    if (c.allowedTimePeriod) settings.allowedTimePeriod = windowJson(c.allowedTimePeriod);
    settings.databaseFragmentationThreshold = thresholdJson(c.databaseFragmentationThreshold);
    settings.viewFragmentationThreshold = thresholdJson(c.viewFragmentationThreshold);
  }
  return { autoCompactionSettings: settings, purgeInterval: meta.purgeInterval ?? global.purgeInterval };
}

/** What the daemon applies to a bucket: the global settings overlaid by the bucket's (§4). */
export interface EffectiveSettings extends CompactionSettings {
  purgeInterval: number;
}

/** Global settings overlaid by the bucket's own; the bucket's purge interval only while it has settings. */
export function effectiveSettings(global: GlobalState, meta: BucketMeta): EffectiveSettings {
  const base: EffectiveSettings = { ...global.autoCompaction, purgeInterval: global.purgeInterval };
  if (meta.autoCompaction === false) return base;
  const merged: EffectiveSettings = { ...base, ...meta.autoCompaction } as EffectiveSettings;
  merged.purgeInterval = meta.purgeInterval ?? global.purgeInterval;
  return merged;
}

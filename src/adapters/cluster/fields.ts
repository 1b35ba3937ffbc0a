/**
 * The field catalogue and its validators (spec compaction-reference §2.4, §3), with the
 * reference's exact messages. Forms are read with `get`, so the first value of a key wins.
 */
import { checkBoolean, checkInteger, checkNumber, type Checked, type Num } from './scalars.js';
import type { CompactionSettings, IndexSettings, Threshold, TimeWindow } from './settings.js';

export type Errors = Record<string, string>;

/** Purge interval bounds [<8.5]. */
export const PURGE_MIN = 0.01;
export const PURGE_MAX = 60;
export const EPHEMERAL_PURGE_MIN = 0.0007;

const WINDOW_PARTS = [
  ['fromHour', 'from hour', 23],
  ['fromMinute', 'from minute', 59],
  ['toHour', 'to hour', 23],
  ['toMinute', 'to minute', 59],
] as const;

const MUST_SPECIFY_ALL = 'Must specify all of the following: fromHour, fromMinute, toHour, toMinute, abortOutside';
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const PAD = ' '.repeat(47);
const DAYS_MESSAGE =
  `index circular compaction days must be one of ["Sunday","Monday","Tuesday",\n${PAD}"Wednesday","Thursday",\n${PAD}"Friday","Saturday"]`;

/** Records a field result: the value, or its error under `key`. */
function take<T>(errors: Errors, key: string, r: Checked<T>): T | undefined {
  if (r.ok) return r.value;
  errors[key] = r.error;
  return undefined;
}

/**
 * A time window of five bracketed fields (`prefix[fromHour]` …): all or none (§3.1).
 * Returns undefined when absent or invalid.
 */
function checkWindow(form: URLSearchParams, prefix: string, errors: Errors, sameTimeCheck: boolean): TimeWindow | undefined {
  const before = Object.keys(errors).length;
  const values: Record<string, number> = {};
  let present = 0;
  for (const [part, human, max] of WINDOW_PARTS) {
    const raw = form.get(`${prefix}[${part}]`);
    if (raw === null) continue;
    present++;
    const v = take(errors, `${prefix}[${part}]`, checkInteger(raw, human, 0, max, false));
    if (typeof v === 'number') values[part] = v;
  }
  const abortRaw = form.get(`${prefix}[abortOutside]`);
  let abortOutside: boolean | undefined;
  if (abortRaw !== null) {
    present++;
    abortOutside = take(errors, `${prefix}[abortOutside]`, checkBoolean(abortRaw, `${prefix}[abortOutside]`));
  }
  if (present === 0) return undefined;
  if (present < 5) {
    errors[prefix] = MUST_SPECIFY_ALL;
    return undefined;
  }
  if (Object.keys(errors).length > before || abortOutside === undefined) return undefined;
  const w: TimeWindow = {
    fromHour: values.fromHour!, toHour: values.toHour!, fromMinute: values.fromMinute!, toMinute: values.toMinute!, abortOutside,
  };
  if (sameTimeCheck && w.fromHour === w.toHour && w.fromMinute === w.toMinute) {
    errors[prefix] = 'Start time must not be the same as end time';
    return undefined;
  }
  return w;
}

function checkThreshold(form: URLSearchParams, name: string, human: string, current: Threshold, errors: Errors): Threshold {
  const out: Threshold = { ...current };
  const pct = form.get(`${name}[percentage]`);
  if (pct !== null) out.percentage = take(errors, `${name}[percentage]`, checkInteger(pct, human, 2, 100)) ?? out.percentage;
  const size = form.get(`${name}[size]`);
  if (size !== null) out.size = take(errors, `${name}[size]`, checkInteger(size, `${human} size`, 1, Infinity)) ?? out.size;
  return out;
}

/** Result of the shared validator: errors, or the settings that a success stores. */
export interface GeneralResult {
  errors: Errors;
  settings: CompactionSettings;
}

/**
 * The general (couchstore) fields shared by the global and the bucket endpoints. Thresholds left
 * out are copied from `globalNow`; the window and the magma percentage are present only if posted.
 */
export function checkGeneral(form: URLSearchParams, globalNow: CompactionSettings): GeneralResult {
  const errors: Errors = {};
  const parallelRaw = form.get('parallelDBAndViewCompaction');
  let parallel: boolean | undefined;
  if (parallelRaw === null) errors.parallelDBAndViewCompaction = 'parallelDBAndViewCompaction is missing';
  else parallel = take(errors, 'parallelDBAndViewCompaction', checkBoolean(parallelRaw, 'parallelDBAndViewCompaction'));
  const settings: CompactionSettings = {
    parallelDBAndViewCompaction: parallel ?? false,
    databaseFragmentationThreshold: checkThreshold(form, 'databaseFragmentationThreshold', 'database fragmentation', globalNow.databaseFragmentationThreshold, errors),
    viewFragmentationThreshold: checkThreshold(form, 'viewFragmentationThreshold', 'view fragmentation', globalNow.viewFragmentationThreshold, errors),
  };
  const window = checkWindow(form, 'allowedTimePeriod', errors, true);
  if (window) settings.allowedTimePeriod = window;
  const magma = checkMagma(form, errors);
  if (magma !== undefined) settings.magmaFragmentationPercentage = magma;
  const bare = ['databaseFragmentationThreshold', 'viewFragmentationThreshold'].filter((k) => form.has(k)).sort();
  if (bare.length > 0) errors._ = `Got unsupported fields: ${bare.join(' and ')}`;
  return { errors, settings };
}

/** `magmaFragmentationPercentage` (10–100 or `undefined`), undefined when absent or invalid. */
export function checkMagma(form: URLSearchParams, errors: Errors): Num | undefined {
  const raw = form.get('magmaFragmentationPercentage');
  if (raw === null) return undefined;
  return take(errors, 'magmaFragmentationPercentage', checkInteger(raw, 'magma fragmentation percentage', 10, 100));
}

/**
 * `purgeInterval` with its range; `null` when absent, `'undefined'` when sent as such, undefined
 * when invalid (the error is recorded).
 */
export function checkPurge(form: URLSearchParams, min: number, errors: Errors): Num | null | undefined {
  const raw = form.get('purgeInterval');
  if (raw === null) return null;
  return take(errors, 'purgeInterval', checkNumber(raw, 'metadata purge interval', min, PURGE_MAX));
}

/** The index (GSI) fields of the global endpoint; each is changed only when posted. */
export function checkIndexFields(form: URLSearchParams, current: IndexSettings, errors: Errors): IndexSettings {
  const out: IndexSettings = {
    indexCompactionMode: current.indexCompactionMode,
    indexCircularCompaction: { ...current.indexCircularCompaction },
    indexFragmentationThreshold: { ...current.indexFragmentationThreshold },
  };
  const pct = form.get('indexFragmentationThreshold[percentage]');
  if (pct !== null) {
    const v = take(errors, 'indexFragmentationThreshold[percentage]', checkInteger(pct, 'index fragmentation', 2, 100, false));
    if (typeof v === 'number') out.indexFragmentationThreshold = { percentage: v };
  }
  const mode = form.get('indexCompactionMode');
  if (mode !== null) {
    const pieces = mode.split(',').filter((p) => p !== '');
    if (pieces.every((p) => p === 'circular' || p === 'full')) out.indexCompactionMode = mode;
    else errors.indexCompactionMode = 'index compaction mode must be one of ["circular","full"]';
  }
  const days = form.get('indexCircularCompaction[daysOfWeek]');
  if (days !== null) {
    const pieces = days.split(',').filter((p) => p !== '');
    if (pieces.every((p) => DAYS.includes(p))) out.indexCircularCompaction.daysOfWeek = days;
    else errors['indexCircularCompaction[daysOfWeek]'] = DAYS_MESSAGE;
  }
  const interval = checkWindow(form, 'indexCircularCompaction[interval]', errors, false);
  if (interval) out.indexCircularCompaction.interval = interval;
  return out;
}

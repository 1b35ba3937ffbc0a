/**
 * Parameters of `POST /pools/default/buckets[/{b}]` (spec compaction-reference §2.7): the
 * `autoCompactionDefined` switch, the per-bucket settings and purge interval, and on create the
 * name and the bucket type. All errors are reported together.
 */
import { checkGeneral, checkMagma, checkPurge, EPHEMERAL_PURGE_MIN, PURGE_MIN, type Errors } from './fields.js';
import {
  DEFAULT_MAGMA_PERCENTAGE, type BucketMeta, type BucketType, type GlobalState, type StorageBackend,
} from './settings.js';

const EPHEMERAL_ACD = 'autoCompactionDefined must not be set for ephemeral buckets';
const INVALID_ACD = 'autoCompactionDefined is invalid';

/** Applies the compaction parameters of an update (or create) to a bucket's metadata. */
export function applyCompactionParams(form: URLSearchParams, meta: BucketMeta, global: GlobalState): { errors: Errors; meta: BucketMeta } {
  const errors: Errors = {};
  const next: BucketMeta = { ...meta };
  const acd = form.get('autoCompactionDefined');
  if (meta.bucketType === 'ephemeral') {
    if (acd !== null) {
      errors.autoCompactionDefined = acd === 'true' || acd === 'false' ? EPHEMERAL_ACD : INVALID_ACD;
      if (acd === 'true') Object.assign(errors, checkGeneral(form, global.autoCompaction).errors);
    }
    const purge = checkPurge(form, EPHEMERAL_PURGE_MIN, errors);
    if (typeof purge === 'number') next.purgeInterval = purge;
    else if (purge === 'undefined') delete next.purgeInterval;
    return { errors, meta: next };
  }
  if (acd === null) return { errors, meta: next };
  if (acd === 'false') {
    next.autoCompaction = false;
    delete next.purgeInterval;
    return { errors, meta: next };
  }
  if (acd !== 'true') {
    errors.autoCompactionDefined = INVALID_ACD;
    return { errors, meta: next };
  }
  if (form.get('storageBackend') === 'magma') {
    const magma = checkMagma(form, errors);
    next.autoCompaction = { magmaFragmentationPercentage: magma ?? global.autoCompaction.magmaFragmentationPercentage ?? DEFAULT_MAGMA_PERCENTAGE };
  } else {
    const general = checkGeneral(form, global.autoCompaction);
    Object.assign(errors, general.errors);
    delete general.settings.magmaFragmentationPercentage;
    next.autoCompaction = general.settings;
  }
  const purge = checkPurge(form, PURGE_MIN, errors);
  if (typeof purge === 'number') next.purgeInterval = purge;
  else if (purge === 'undefined') delete next.purgeInterval;
  return { errors, meta: next };
}

const NAME_CHARS = /^[A-Za-z0-9_.%-]+$/;

/** The name, type and backend of a new bucket. */
export function checkCreateParams(form: URLSearchParams, exists: (name: string) => boolean, reserved: (name: string) => boolean): {
  errors: Errors; name: string; bucketType: BucketType; storageBackend: StorageBackend;
} {
  const errors: Errors = {};
  const name = form.get('name') ?? '';
  if (name === '') errors.name = 'Bucket name cannot be empty';
  else if (!NAME_CHARS.test(name)) {
    errors.name = 'Bucket name can only contain characters in range A-Z, a-z, 0-9 as well as underscore, period, dash & percent. Consult the documentation.';
  } else if (name.startsWith('.')) errors.name = 'Bucket name cannot start with dot.';
  else if (name.length > 100) errors.name = 'Bucket name cannot exceed 100 characters';
  else if (reserved(name)) errors.name = `Bucket name ${name} is reserved: names starting with _ are the server's internal keyspaces`;
  else if (exists(name)) errors.name = 'Bucket with given name already exists';
  const type = form.get('bucketType') ?? 'couchbase';
  let bucketType: BucketType = 'membase';
  if (type === 'ephemeral') bucketType = 'ephemeral';
  else if (type !== 'couchbase' && type !== 'membase') errors.bucketType = 'invalid bucket type';
  const backend = form.get('storageBackend') ?? 'couchstore';
  let storageBackend: StorageBackend = 'couchstore';
  if (backend === 'magma') storageBackend = 'magma';
  else if (backend !== 'couchstore') errors.storageBackend = 'storage backend must be couchstore or magma';
  return { errors, name, bucketType, storageBackend };
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is test/support/shared.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `../shared/` beside the project, where CI also puts the reference material. */
export const SHARED = path.resolve(REPO_ROOT, '..', 'shared');

/** Absolute path of a file under ../shared/. Throws if it is not there, so a test cannot pass vacuously. */
export function sharedPath(rel: string): string {
  const p = path.join(SHARED, rel);
  if (!existsSync(p)) throw new Error(`missing reference file ${p}: the tests read ../shared/ beside the project`);
  return p;
}

import { readFileSync } from 'node:fs';
import type { Value } from '../../src/index.js';
import { sharedPath } from './shared.js';

/** One case of the reference's test vectors (../shared/conformance/cases.json). */
export interface ConformanceCase {
  id: string;
  keyspaces: Record<string, { file: string; key: string }>;
  setup: string[];
  statement: string;
  results: Value[];
  ordered: boolean;
}

/** Every conformance case, read from ../shared/ (an error if the file is not there). */
export function conformanceCases(): ConformanceCase[] {
  return JSON.parse(readFileSync(sharedPath('conformance/cases.json'), 'utf8')) as ConformanceCase[];
}

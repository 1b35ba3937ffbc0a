import { afterAll, beforeAll } from 'vitest';
import { startTestPostgres, type TestPostgres } from './postgres.js';

/**
 * A private cluster for the tests of one file: started before them, stopped after them. The
 * returned function gives it (undefined when PostgreSQL is not installed outside CI: a test then
 * skips itself).
 */
export function postgresForFile(): () => TestPostgres | undefined {
  let pg: TestPostgres | undefined;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });
  return () => pg;
}

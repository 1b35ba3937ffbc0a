/**
 * Cancellation and fairness of the executor (issue 19 §1, docs/architecture.md): a running
 * statement stops within 100 ms of its signal's abort, with QueryError 1080, and never holds
 * the event loop for more than 50 ms while it runs (operators pause at least every 20 ms).
 */
import { describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';
import { longestStall } from '../../support/longest-stall.js';
import { abortAfter, rejection } from '../../support/abort-after.js';

describe('db.query(…, { signal })', () => {
  it('cancels a 100M-row UNNEST within 100 ms of abort, never blocking the loop > 50 ms', async () => {
    const db = await Database.open();
    const { stall, result, settledAfterAbort } = await abortAfter((signal) => db.query('SELECT COUNT(*) FROM ARRAY_RANGE(0,10000) a UNNEST ARRAY_RANGE(0,10000) b', { signal }), 300, longestStall);
    expect(result.status).toBe('rejected');
    const err = rejection(result) as QueryError;
    expect(err).toBeInstanceOf(QueryError);
    expect(err.code).toBe(1080);
    expect(err.message).toBe('Request cancelled');
    expect(settledAfterAbort).toBeLessThan(100);
    expect(stall).toBeLessThan(50);
    await db.close();
  });

  it('an already aborted signal stops the statement at its first pause; an unaborted one changes nothing', async () => {
    const db = await Database.open();
    const rows = await db.query('SELECT COUNT(*) AS n FROM ARRAY_RANGE(0,100) a UNNEST ARRAY_RANGE(0,100) b', { signal: new AbortController().signal });
    expect(rows.results).toEqual([{ n: 10000 }]);
    await expect(db.query('SELECT COUNT(*) FROM ARRAY_RANGE(0,10000) a UNNEST ARRAY_RANGE(0,10000) b', { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 1080 });
    await db.close();
  });

  it('AbortSignal.timeout gives the timeout message', async () => {
    const db = await Database.open();
    await expect(db.query('SELECT COUNT(*) FROM ARRAY_RANGE(0,10000) a UNNEST ARRAY_RANGE(0,10000) b', { signal: AbortSignal.timeout(50) })).rejects.toMatchObject({ code: 1080, message: 'Timeout exceeded' });
    await db.close();
  });
});

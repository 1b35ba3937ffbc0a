/**
 * The harness finds a planted bug. The planner's expression equivalence
 * (src/semantic/expr-equivalent.ts, `exprEquivalent`) is swapped, for this file only, through
 * vitest module mocking for a wrong rule: TOKENS options compare their `case` values
 * case-insensitively, so `{"case": "UPPER"}` ≡ `{"case": "upper"}` (spec §10.2 says not).
 * No source file is edited: `vi.mock` replaces the module for every importer in this test file.
 *
 * Shown: `planUsesIndexIffOptionsEquivalent` fails; its counterexample is a readable N1QL script;
 * the script, run by the shell's statement runner against the buggy planner, scans the index
 * where the script says it must not; and the real CLI shell (no mock) runs it without the scan.
 */
import fc from 'fast-check';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { Expr } from '../../src/ast/index.js';
import { constantValue, NOT_CONSTANT } from '../../src/eval/index.js';
import { equivalent, type Value } from '../../src/values/index.js';
import { Database } from '../../src/index.js';
import { runStatement } from '../../src/cli/shell.js';
import { newShellState } from '../../src/cli/shell-state.js';
import { EmbeddedBackend } from '../../src/cli/embedded-backend.js';
import { splitStatements } from '../../src/cli/split-statements.js';
import { CounterexampleError, planUsesIndexIffOptionsEquivalent } from '../../src/testing/index.js';
import { CLI_TIMEOUT, runCli } from '../cli/run-cli.js';

vi.mock('../../src/semantic/expr-equivalent.js', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../../src/semantic/expr-equivalent.js')>();
  const fold = (v: Value): Value =>
    v !== null && typeof v === 'object' && !Array.isArray(v) && typeof v.case === 'string' ? { ...v, case: v.case.toLowerCase() } : v;
  /** The planted bug: TOKENS(e, o) ≡ TOKENS(e, o2) when o and o2 differ only in the case of `case`. */
  const buggy = (a: Expr, b: Expr, vars?: ReadonlyMap<string, string>): boolean => {
    if (a.kind === 'FunctionCall' && b.kind === 'FunctionCall' && a.name.toLowerCase() === 'tokens' && b.name.toLowerCase() === 'tokens' && a.args.length === 2 && b.args.length === 2) {
      const [x, y] = [constantValue(a.args[1]), constantValue(b.args[1])];
      if (x !== NOT_CONSTANT && y !== NOT_CONSTANT && x !== undefined && y !== undefined) {
        return orig.exprEquivalent(a.args[0], b.args[0], vars) && equivalent(fold(x as Value), fold(y as Value));
      }
    }
    return orig.exprEquivalent(a, b, vars);
  };
  return { ...orig, exprEquivalent: buggy };
});

/** Runs a script through the shell's statement runner (in this process, so with the planted bug). */
async function shellOutput(script: string): Promise<string> {
  let out = '';
  const sink = new Writable({ write: (chunk, _enc, done) => ((out += String(chunk)), done()) });
  const db = await Database.open();
  await db.createKeyspace('ks');
  const state = newShellState(new EmbeddedBackend(db), { format: 'json', out: sink, err: sink });
  const { statements, rest } = splitStatements(script);
  for (const s of [...statements.map((x) => x.text), ...(rest.trim() ? [rest] : [])]) await runStatement(s, state);
  await db.close();
  return out;
}

describe('planted bug: case-insensitive `case` option values', { timeout: 120_000 }, () => {
  it('planUsesIndexIffOptionsEquivalent fails with a script that reproduces the bug in the shell', async () => {
    const result = await fc.check(planUsesIndexIffOptionsEquivalent(), { numRuns: 300, seed: 42 });
    expect(result.failed).toBe(true);
    const error = result.errorInstance;
    expect(error).toBeInstanceOf(CounterexampleError);
    const script = (error as CounterexampleError).script;
    // Readable: the shrunk case is a handful of statements, the options differing only in case.
    expect(script).toMatch(/^-- planUsesIndexIffOptionsEquivalent/);
    expect(script).toContain('-- reproduce: npx tokenql shell --load ks=/dev/null < counterexample.n1ql');
    expect(script).toMatch(/"case": "(UPPER|upper|Lower|lower)"/);
    expect(script).toContain('expected: no IndexScan3 on ix0');
    expect(script.split('\n').length).toBeLessThanOrEqual(8);
    // fast-check's own report prints the same script as the counterexample.
    expect(fc.stringify(result.counterexample)).toContain('EXPLAIN SELECT');
    console.info(`planted bug, shrunk counterexample:\n${script}`);

    // With the planted bug, the shell scans ix0 …
    expect(await shellOutput(script)).toContain('"IndexScan3"');
    // … and the real shell (the correct planner) does not.
    const real = await runCli(['shell', '--format', 'json', '--load', 'ks=/dev/null'], { input: script });
    expect(real.code).toBe(0);
    expect(real.stdout).toContain('"PrimaryScan3"');
    expect(real.stdout).not.toContain('"IndexScan3"');
  }, CLI_TIMEOUT);
});

import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { CLI_TIMEOUT, DATASETS, ROOT, runCli } from './run-cli.js';
import { HAVE_TMUX, TmuxShell } from './tmux.js';

describe.skipIf(!HAVE_TMUX)('tokenql shell on a terminal (tmux)', { timeout: CLI_TIMEOUT * 2 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'tokenql-tty-'));
  let shell: TmuxShell | undefined;
  afterEach(() => shell?.kill());
  const open = async (args: string[], env: Record<string, string> = {}) => {
    shell = new TmuxShell(['shell', ...args], { HOME: dir, TOKENQL_HISTORY: join(dir, `history-${Math.random()}`), ...env });
    await shell.waitFor(/tokenql> ?$/m, 60_000);
    return shell;
  };

  it('recalls a multi-line statement whole with Up, and runs it again', async () => {
    const s = await open([]);
    s.type('SELECT 40 + 2');
    s.type('  AS answer -- the answer');
    s.type(';');
    await s.waitFor(/│ +42 │/);
    s.keys('Up');
    await s.waitFor(/tokenql> SELECT 40 \+ 2 AS answer \/\* the answer \*\/ ;$/m);
    s.keys('Enter');
    await s.waitFor(/│ +42 │[\s\S]*│ +42 │/);
  });

  it('binds \\SET -$x in SELECT $x, runs \\d and \\REDIRECT', async () => {
    const out = join(dir, 'redirected.txt');
    const s = await open(['--load', `k=/dev/null`]);
    s.type('\\SET -$x "from the shell";');
    s.type('SELECT $x AS x;');
    await s.waitFor(/│ from the shell │/);
    s.type("INSERT INTO k (KEY, VALUE) VALUES ('a', {'n': 1});");
    await s.waitFor(/INSERT 1/);
    s.type('\\d');
    await s.waitFor(/k +\| +1 \| -/);
    s.type(`\\REDIRECT ${out}`);
    s.type('SELECT 7 AS seven;');
    s.type('\\REDIRECT OFF');
    s.type('SELECT 8 AS eight;');
    await s.waitFor(/│ eight │/);
    expect(s.screen()).not.toContain('│ seven │');
    expect(readFileSync(out, 'utf8')).toContain('│ seven │');
  });

  it('pages long output through $PAGER on a terminal (\\pager off turns it off)', async () => {
    const paged = join(dir, 'paged.txt');
    const s = await open(['--demo'], { PAGER: `cat > ${paged}` });
    s.type('SELECT META().id AS id FROM demo LIMIT 100;');
    for (let i = 0; i < 100 && !existsSync(paged); i++) await new Promise((r) => setTimeout(r, 200));
    await s.waitFor(/tokenql> ?$/m);
    expect(readFileSync(paged, 'utf8').split('\n').length).toBeGreaterThan(100);
    s.type('\\pager off');
    s.type('SELECT META().id AS id FROM demo LIMIT 50 OFFSET 7;');
    await s.waitFor(/└/);
  });

  it('Ctrl-C cancels the running statement (embedded: QueryOptions.signal) and returns to the prompt', async () => {
    const s = await open(['--demo']);
    s.type("SELECT COUNT(*) AS n FROM demo a UNNEST ARRAY_RANGE(0, 1000000) AS x WHERE CONTAINS_TOKEN(a.description, 'zzz' || TO_STRING(x));");
    // The live line: elapsed time and the documents the scans have read (QueryOptions.progress).
    await s.waitFor(/running \d+\.\d s, \d{1,3}(,\d{3})* documents? scanned \(Ctrl-C cancels\)/, 30_000);
    s.keys('C-c');
    await s.waitFor(/statement cancelled\s*\ntokenql> ?$/m, 20_000);
    s.type('SELECT 1 AS after;');
    await s.waitFor(/│ after │/);
  });

  it('Ctrl-C cancels the running statement against a server and returns to the prompt', async () => {
    const serve = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', 'serve', '--admin-port', '0', '--query-port', '0', '--capi-port', '0', '--admin-user', 'Administrator', '--admin-password', 'password'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      let out = '';
      const urls = await new Promise<{ admin: string; query: string }>((resolve) =>
        serve.stdout.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          const m = /admin (http:\/\/\S+), query (http:\/\/\S+?),? /.exec(out);
          if (m) resolve({ admin: m[1]!, query: m[2]! });
        }),
      );
      const load = await runCli(['load', 'product', `${DATASETS}/product.jsonl`, '--key', '%productId%_arrayIndex', '--engine', urls.query, '--admin', urls.admin, '-u', 'Administrator', '-p', 'password']);
      expect(load.stdout).toContain('loaded 900 documents');
      const s = await open(['--engine', urls.query, '-u', 'Administrator', '-p', 'password']);
      s.type("SELECT COUNT(*) AS n FROM product a UNNEST ARRAY_RANGE(0, 1000000) AS x WHERE CONTAINS_TOKEN(a.name, 'zzz' || TO_STRING(x));");
      await s.waitFor(/running \d+\.\d s/, 30_000);
      s.keys('C-c');
      await s.waitFor(/statement cancelled\s*\ntokenql> ?$/m, 20_000);
      // (The server goes on with the statement until it honours a closed request: server issue.)
      s.type('\\ECHO back at the prompt');
      await s.waitFor(/^back at the prompt$/m);
    } finally {
      serve.kill('SIGKILL');
    }
  });

  it('Ctrl-C in tokenql load stops it, brings the cursor back and says how many documents were stored', async () => {
    shell = new TmuxShell(['load', 'docs', '-', '--key', '#MONO_INCR#', '--data', join(dir, 'load-data')], { HOME: dir }, `yes '{"a": 1}'`);
    const s = shell;
    await s.waitFor(/docs \[.*\d+ loaded/, 60_000);
    expect(s.cursorVisible()).toBe(false); // the progress bar hides it
    s.keys('C-c');
    const screen = await s.waitFor(/exit code 130/, 30_000);
    expect(screen).toMatch(/interrupted: \d+ documents stored in docs/);
    expect(s.cursorVisible()).toBe(true);
  });
});

// The workbench end to end in a real headless browser (Debian's chromium driven by playwright-core):
// log in, run a token query over the product dataset and read the rows from the table, cancel a
// long query, find the token index's IndexScan3 box in the plan graph, run ADVISE, create the
// recommended index and see the plan change. Measures the first page's render time and the
// assets' gzipped size (printed), and saves screenshots under test-output/workbench/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';
import { startClusterAdmin, type ClusterAdmin } from '../../src/adapters/cluster/index.js';
import { REPO_ROOT, sharedPath } from '../support/shared.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`workbench browser tests SKIPPED: ${CHROMIUM} is absent (apt-get install chromium; .ci/run installs it)`);

const UI_DIR = join(REPO_ROOT, 'dist', 'ui');
const OUT = join(REPO_ROOT, 'test-output', 'workbench');
const TOKEN_QUERY = 'SELECT META().id, name FROM product WHERE ANY v IN TOKENS(name, {"case":"lower"}) SATISFIES v = "briefcase" END ORDER BY META().id';
const LONG_QUERY = 'SELECT RAW COUNT(*) FROM ARRAY_RANGE(0, 10000) AS a UNNEST ARRAY_RANGE(0, 10000) AS b UNNEST ARRAY_RANGE(0, 10000) AS c';
const ADVISE_QUERY = 'SELECT name, price FROM product WHERE color = "grey" AND price > 10';

let db: Database;
let admin: ClusterAdmin;
let browser: Browser;
let page: Page;

/** Sum of the gzipped sizes of every file under a directory (the precompressed copies left out), in bytes. */
function gzippedSize(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (/\.(gz|br)$/.test(name)) continue;
    total += statSync(p).isDirectory() ? gzippedSize(p) : gzipSync(readFileSync(p), { level: 9 }).length;
  }
  return total;
}

/** Replaces the editor's text (typed as one insertion: no auto-closed brackets or completions). */
async function setStatement(text: string): Promise<void> {
  await page.click('.cm-content');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Escape');
}

async function clickAndWait(button: string): Promise<void> {
  await page.click(button);
  await page.waitForSelector('body[data-state="idle"]');
}

describe.skipIf(!hasChromium)('workbench in a browser', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    execFileSync(process.execPath, [join(REPO_ROOT, 'ui', 'build.mjs')], { stdio: 'inherit' });
    mkdirSync(OUT, { recursive: true });
    db = await Database.open({});
    await db.load('product', sharedPath('datasets/product.jsonl'), { key: '%productId%_arrayIndex' });
    await db.query('CREATE PRIMARY INDEX ON product');
    await db.query('CREATE INDEX ix_name_tokens ON product(DISTINCT ARRAY v FOR v IN TOKENS(name, {"case":"lower"}) END)');
    admin = await startClusterAdmin(db, { port: 0, daemon: false, admin: { user: 'Administrator', password: 'password' }, workbench: {} });
    await db.upsert('customer', 'c1', { name: 'Ann' });
    const made = await fetch(`${admin.url}/settings/rbac/users/local/reader`, {
      method: 'PUT',
      headers: { authorization: 'Basic ' + Buffer.from('Administrator:password').toString('base64'), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=secret1&roles=query_select[customer]',
    });
    expect(made.status).toBe(200);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await admin?.close();
    await db?.close();
  });

  it('logs in, and renders the first page in under 1 s; the assets are under 1 MB gzipped', async () => {
    await page.goto(`${admin.url}/ui/`);
    expect(new URL(page.url()).pathname).toBe('/ui/login');
    await page.fill('#user', 'Administrator');
    await page.fill('#password', 'wrong');
    await page.click('#login-button');
    await expect.poll(() => page.textContent('#login-error')).toBe('wrong user name or password');
    await page.fill('#password', 'password');
    await page.click('#login-button');
    await page.waitForSelector('body[data-ready="1"]');
    expect(await page.textContent('#who')).toBe('Administrator (admin)');
    // The first page of a logged-in user, loaded afresh: wall time to usable, and the page's own mark.
    const t0 = performance.now();
    await page.goto(`${admin.url}/ui/`);
    await page.waitForSelector('body[data-ready="1"]');
    const wallMs = performance.now() - t0;
    const markMs = await page.evaluate(() => performance.getEntriesByName('workbench-ready')[0]!.startTime);
    const assets = gzippedSize(UI_DIR);
    console.log(`workbench first page: ${wallMs.toFixed(0)} ms wall (navigation to usable), ${markMs.toFixed(0)} ms in-page mark; assets ${(assets / 1024).toFixed(1)} KiB gzipped`);
    expect(wallMs).toBeLessThan(1000);
    expect(assets).toBeLessThan(1024 * 1024);
    // The keyspaces panel: the dataset's keyspace with its count and its indexes.
    await page.waitForSelector('details.keyspace[data-keyspace="product"] li[data-index="ix_name_tokens"]', { state: 'attached' });
    await expect.poll(() => page.textContent('details.keyspace[data-keyspace="product"] .count')).toBe('900');
    // The cluster panel: the auto-compaction settings, read when opened.
    await page.click('#cluster-panel summary');
    await page.waitForSelector('#cluster ul.settings li');
    expect(await page.$$eval('#cluster ul.settings li code', (cs) => cs.map((c) => c.textContent))).toContain('parallelDBAndViewCompaction');
    await page.click('#cluster-panel summary');
  });

  it('completes keywords, functions, keyspaces and inferred fields in the editor', async () => {
    const options = async (text: string) => {
      await setStatement(text);
      await page.keyboard.press('Control+Space');
      await page.waitForSelector('.cm-tooltip-autocomplete li');
      const labels = await page.$$eval('.cm-tooltip-autocomplete li .cm-completionLabel', (ls) => ls.map((l) => l.textContent));
      await page.keyboard.press('Escape');
      return labels;
    };
    // Fields come from the keyspaces panel's INFER.
    await page.waitForSelector('details.keyspace[data-keyspace="product"] ul.fields code', { state: 'attached' });
    expect(await options('SELECT * FROM prod')).toEqual(expect.arrayContaining(['product', 'productId']));
    expect(await options('SELECT TOKE')).toContain('TOKENS');
    expect(await options('SELECT * FROM product WHE')).toContain('WHERE');
  });

  it('runs a token query and shows the rows in the table, with the metrics', async () => {
    await setStatement(TOKEN_QUERY);
    await clickAndWait('#run');
    const expected = (await db.query(TOKEN_QUERY)).results as { id: string; name: string }[];
    expect(expected.length).toBeGreaterThan(1);
    const header = await page.$$eval('#results-table thead th', (ths) => ths.map((t) => t.textContent));
    expect(header).toEqual(['id', 'name']);
    const rows = await page.$$eval('#results-table tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual(expected.map((r) => [r.id, r.name]));
    expect(rows[0]).toEqual(['product0_arrayIndex', 'Briggs & Riley 17 Inch Executive Expandable Rolling Briefcase']);
    expect(await page.textContent('[data-metric="result count"]')).toBe(`result count: ${expected.length}`);
    expect(await page.textContent('[data-metric="status"]')).toBe('status: success');
    await page.click('details.keyspace[data-keyspace="product"] summary');
    await page.waitForSelector('details.keyspace[data-keyspace="product"] ul.fields code');
    await page.screenshot({ path: join(OUT, 'results.png') });
    // The session's history keeps it.
    expect(await page.textContent('#history li')).toBe(TOKEN_QUERY);
  });

  it('cancels a long query', async () => {
    await setStatement(LONG_QUERY);
    await page.click('#run');
    await page.waitForSelector('body[data-state="running"]');
    await page.waitForTimeout(300);
    const t0 = performance.now();
    await page.click('#cancel');
    await page.waitForSelector('body[data-state="idle"]', { timeout: 5000 });
    const stopMs = performance.now() - t0;
    expect(stopMs).toBeLessThan(3000);
    expect(await page.textContent('#messages .err')).toBe('1080: Request cancelled');
    expect(await page.isDisabled('#cancel')).toBe(true);
  });

  it('draws the plan graph with the IndexScan3 box of the token index', async () => {
    await setStatement(TOKEN_QUERY);
    await clickAndWait('#explain');
    const box = page.locator('#plan-graph g.op[data-operator="IndexScan3"][data-index="ix_name_tokens"]');
    await box.waitFor();
    const operators = await page.$$eval('#plan-graph g.op', (gs) => gs.map((g) => g.getAttribute('data-operator')));
    expect(operators).toEqual(expect.arrayContaining(['DistinctScan', 'IndexScan3', 'Fetch', 'Filter', 'InitialProject']));
    await box.click();
    const detail = (await page.textContent('#plan-detail'))!;
    expect(detail).toContain('"index": "ix_name_tokens"');
    expect(detail).toContain('"spans"');
    expect(detail).toContain('\\"briefcase\\"');
    await page.screenshot({ path: join(OUT, 'plan.png') });
  });

  it('runs ADVISE, creates the recommended index and the plan changes', async () => {
    await setStatement(ADVISE_QUERY);
    await clickAndWait('#explain');
    const before = await page.$$eval('#plan-graph g.op', (gs) => gs.map((g) => [g.getAttribute('data-operator'), g.getAttribute('data-index')]));
    expect(before).toContainEqual(['PrimaryScan3', '#primary']);
    await clickAndWait('#advise');
    const recommended = await page.$$eval('#pane-advice .rec code', (cs) => cs.map((c) => c.textContent));
    expect(recommended.length).toBeGreaterThan(0);
    await page.screenshot({ path: join(OUT, 'advice.png') });
    const statement = recommended[0]!;
    const name = /CREATE INDEX (\w+)/.exec(statement)![1]!;
    await page.click('#pane-advice .rec button.create-index');
    await page.waitForSelector(`details.keyspace[data-keyspace="product"] li[data-index="${name}"]`, { state: 'attached' });
    expect((await db.query('SELECT RAW name FROM system:indexes WHERE keyspace_id = "product"')).results).toContain(name);
    await setStatement(ADVISE_QUERY);
    await clickAndWait('#explain');
    const after = await page.$$eval('#plan-graph g.op', (gs) => gs.map((g) => [g.getAttribute('data-operator'), g.getAttribute('data-index')]));
    expect(after).toContainEqual(['IndexScan3', name]);
    expect(after).not.toContainEqual(['PrimaryScan3', '#primary']);
  });

  it("logs out, and a user with fewer roles sees only its keyspaces and the refusal of others' as an error", async () => {
    await page.click('#logout');
    await page.waitForURL(/\/ui\/login$/);
    await page.fill('#user', 'reader');
    await page.fill('#password', 'secret1');
    await page.click('#login-button');
    await page.waitForSelector('body[data-ready="1"]');
    await page.waitForSelector('details.keyspace', { state: 'attached' });
    expect(await page.$$eval('details.keyspace', (ds) => ds.map((d) => d.getAttribute('data-keyspace')))).toEqual(['customer']);
    await setStatement('SELECT name FROM product LIMIT 1');
    await clickAndWait('#run');
    expect(await page.textContent('#messages .err')).toMatch(/^13014: /);
    expect(new URL(page.url()).pathname).toBe('/ui/');
  });
});

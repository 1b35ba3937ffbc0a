// The workbench page: editor, Run / Cancel / Explain / Advise, the session's history, results as
// table, JSON and tree with metrics and warnings, the plan graph, the advice, the keyspaces and
// the cluster's auto-compaction settings and tasks.
import { cancel, loadSession, logout, newId, runStatement, type QueryAnswer } from './api.js';
import { renderAdvice } from './advice.js';
import { h, replace } from './dom.js';
import { createEditor, setText, textOf } from './editor.js';
import { loadKeyspaces } from './keyspaces.js';
import { setupClusterPanel } from './cluster.js';
import { renderPlan } from './plan-graph.js';
import { renderJson, renderTable, renderTree } from './results.js';

const $ = (id: string) => document.getElementById(id)!;
const HISTORY_KEY = 'tokenql-workbench-history';
const HISTORY_MAX = 50;

type Tab = 'table' | 'json' | 'tree' | 'plan' | 'advice';
function showTab(tab: Tab): void {
  document.querySelectorAll('.tabs button').forEach((b) => b.classList.toggle('active', (b as HTMLElement).dataset.tab === tab));
  document.querySelectorAll('.pane').forEach((p) => p.classList.toggle('active', p.id === `pane-${tab}`));
}

/** The statement without a final semicolon and without a leading EXPLAIN / ADVISE. */
function bare(statement: string): string {
  return statement.trim().replace(/;\s*$/, '').replace(/^(explain|advise)\s+/i, '');
}

async function main(): Promise<void> {
  const session = await loadSession();
  if (!session) return location.assign('/ui/login');
  $('who').textContent = `${session.user} (${session.roles.join(', ')})`;
  const fields = new Map<string, string[]>();
  let keyspaces: string[] = [];
  const catalog = () => ({ functions: session.functions, keyspaces, fields: [...new Set([...fields.values()].flat())] });

  let running: string | undefined;
  const buttons = ['run', 'explain', 'advise'].map((id) => $(id) as HTMLButtonElement);
  const cancelButton = $('cancel') as HTMLButtonElement;
  const status = $('status');

  let history = JSON.parse(sessionStorage.getItem(HISTORY_KEY) ?? '[]') as string[];
  const drawHistory = () =>
    replace(
      $('history'),
      ...history.map((s) => {
        const li = h('li', { title: s }, s);
        li.addEventListener('click', () => setText(editor, s));
        return li;
      }),
    );
  const remember = (s: string) => {
    history = [s, ...history.filter((x) => x !== s)].slice(0, HISTORY_MAX);
    sessionStorage.setItem(HISTORY_KEY, JSON.stringify(history));
    drawHistory();
  };

  const refreshKeyspaces = async () => {
    keyspaces = await loadKeyspaces($('keyspaces'), (k, f) => fields.set(k, f));
  };

  function showMetrics(a: QueryAnswer): void {
    const m = a.metrics ?? {};
    const items: [string, unknown][] = [
      ['status', a.status],
      ['elapsed', m.elapsedTime],
      ['execution', m.executionTime],
      ['result count', m.resultCount],
      ['result size', m.resultSize],
      ['mutations', m.mutationCount],
    ];
    replace($('metrics'), ...items.filter(([, v]) => v !== undefined).map(([k, v]) => h('span', { 'data-metric': k }, `${k}: ${String(v)}`)));
    replace(
      $('messages'),
      ...(a.errors ?? []).map((e) => h('div', { class: 'err' }, `${e.code}: ${e.msg}`)),
      ...(a.warnings ?? []).map((w) => h('div', { class: 'warning' }, `warning ${w.code}: ${w.msg}`)),
    );
  }

  /** Runs a statement as the user; the buttons are disabled meanwhile and Cancel enabled. */
  async function execute(statement: string, kind: 'run' | 'explain' | 'advise'): Promise<QueryAnswer | undefined> {
    if (running) return undefined;
    const id = newId();
    running = id;
    buttons.forEach((b) => (b.disabled = true));
    cancelButton.disabled = false;
    status.textContent = 'running…';
    document.body.dataset.state = 'running';
    try {
      // A statement that is run is profiled, so the plan tab shows what ran, with rows and times per operator.
      const a = await runStatement(statement, id, kind === 'run' ? 'timings' : undefined);
      showMetrics(a);
      status.textContent = a.status;
      const results = a.results ?? [];
      if (kind === 'run' && !a.errors) {
        renderTable($('pane-table'), results);
        renderJson($('json-view'), results);
        renderTree($('pane-tree'), results);
        const isPlan = /^\s*explain\b/i.test(statement);
        const timings = (a.profile as { executionTimings?: unknown } | undefined)?.executionTimings;
        if (isPlan) renderPlan($('plan-graph'), $('plan-detail'), results[0]);
        else if (timings) renderPlan($('plan-graph'), $('plan-detail'), { plan: timings });
        showTab(isPlan ? 'plan' : 'table');
        if (/^\s*(create|drop|build|alter)\b/i.test(statement) || a.metrics?.mutationCount) void refreshKeyspaces();
      } else if (kind === 'explain' && !a.errors) {
        renderJson($('json-view'), results);
        renderTree($('pane-tree'), results);
        renderPlan($('plan-graph'), $('plan-detail'), results[0]);
        showTab('plan');
      } else if (kind === 'advise' && !a.errors) {
        renderAdvice($('pane-advice'), results, createIndex);
        showTab('advice');
      }
      return a;
    } catch (e) {
      status.textContent = `failed: ${(e as Error).message}`;
      return undefined;
    } finally {
      running = undefined;
      buttons.forEach((b) => (b.disabled = false));
      cancelButton.disabled = true;
      document.body.dataset.state = 'idle';
    }
  }

  async function createIndex(statement: string): Promise<void> {
    remember(statement);
    await execute(statement, 'run');
    showTab('advice');
    await refreshKeyspaces();
  }

  const editor = createEditor($('editor'), catalog, () => void run('run'));
  async function run(kind: 'run' | 'explain' | 'advise'): Promise<void> {
    const text = textOf(editor).trim();
    if (!text) return;
    remember(text);
    const statement = kind === 'run' ? text : `${kind.toUpperCase()} ${bare(text)}`;
    await execute(statement, kind);
  }
  $('run').addEventListener('click', () => void run('run'));
  $('explain').addEventListener('click', () => void run('explain'));
  $('advise').addEventListener('click', () => void run('advise'));
  cancelButton.addEventListener('click', () => {
    if (running) void cancel(running);
    status.textContent = 'cancelling…';
  });
  $('logout').addEventListener('click', () => void logout());
  $('refresh-keyspaces').addEventListener('click', () => void refreshKeyspaces());
  document.querySelectorAll('.tabs button').forEach((b) => b.addEventListener('click', () => showTab((b as HTMLElement).dataset.tab as Tab)));
  setupClusterPanel($('cluster-panel') as HTMLDetailsElement, $('cluster'));
  drawHistory();
  // The page is usable from here on: the keyspaces panel fills in on its own.
  document.body.dataset.ready = '1';
  performance.mark('workbench-ready');
  void refreshKeyspaces();
}

void main();

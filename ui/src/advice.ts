// The ADVISE result: each recommended index statement (covering and not, and any other section
// the advisor returns) with a button that runs it, and the indexes the query already uses.
import { h, replace } from './dom.js';

interface Found {
  section: string;
  statement: string;
  rule?: string;
}

/** Every `index_statement` of an advice, with the path of the section it is in. */
export function indexStatements(v: unknown, section = ''): Found[] {
  const out: Found[] = [];
  if (Array.isArray(v)) for (const x of v) out.push(...indexStatements(x, section));
  else if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.index_statement === 'string') out.push({ section, statement: o.index_statement, ...(typeof o.recommending_rule === 'string' ? { rule: o.recommending_rule } : {}) });
    for (const [k, x] of Object.entries(o)) if (k !== 'index_statement') out.push(...indexStatements(x, section ? `${section} › ${k}` : k));
  }
  return out;
}

/** Shows an ADVISE answer's rows; `create` runs a recommended statement. */
export function renderAdvice(pane: Element, results: unknown[], create: (statement: string) => Promise<void>): void {
  const row = results[0] as { advice?: { adviseinfo?: unknown }; query?: string } | undefined;
  const info = row?.advice?.adviseinfo ?? row?.advice ?? row;
  const found = indexStatements(info);
  const sections = new Map<string, Found[]>();
  for (const f of found) sections.set(f.section, [...(sections.get(f.section) ?? []), f]);
  const blocks: Node[] = [];
  for (const [section, list] of sections) {
    // The indexes the statement already uses, and existing token indexes that miss on options: shown, not created.
    const used = /current|mismatch/.test(section);
    blocks.push(h('h3', {}, section.replace(/_/g, ' ')));
    for (const f of list) {
      const button = h('button', { type: 'button', class: 'create-index' }, 'Create index');
      button.addEventListener('click', () => {
        button.disabled = true;
        void create(f.statement).finally(() => (button.textContent = 'Created'));
      });
      blocks.push(h('div', { class: used ? 'used' : 'rec' }, used ? null : button, h('code', {}, f.statement)), ...(f.rule ? [h('div', { class: 'rule' }, f.rule)] : []));
    }
  }
  const text = info && typeof info === 'object' && 'recommended_indexes' in info && typeof (info as { recommended_indexes: unknown }).recommended_indexes === 'string' ? (info as { recommended_indexes: string }).recommended_indexes : '';
  replace(pane, h('div', { class: 'advice' }, row?.query ? h('p', {}, 'Advice for ', h('code', {}, row.query)) : null, text ? h('p', {}, text) : null, ...(blocks.length ? blocks : [h('p', {}, 'No index to recommend.')]), h('details', {}, h('summary', {}, 'Raw advice'), h('pre', {}, JSON.stringify(results, null, 2)))));
}

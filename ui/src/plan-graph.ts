// The plan as a graph of operators: boxes named by `#operator` (with the index or keyspace under
// the name), laid out top to bottom in the order rows flow with dagre; a click shows the
// operator's fields (index, spans, keys, condition, …) in the side panel, a hover their summary.
import { Graph, layout } from '@dagrejs/dagre';
import { h, replace } from './dom.js';

type Op = Record<string, unknown> & { '#operator'?: string };

/** One box of the graph. */
export interface PlanNode {
  id: string;
  op: string;
  /** The index, keyspace or alias shown under the name. */
  sub: string;
  /** The operator's own fields (nested operators left out). */
  detail: Record<string, unknown>;
}

export interface PlanGraph {
  nodes: PlanNode[];
  /** [from, to]: rows flow from → to. */
  edges: [string, string][];
}

const isOp = (v: unknown): v is Op => v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as Op)['#operator'] === 'string';
const opsOf = (v: unknown): Op[] => (isOp(v) ? [v] : Array.isArray(v) ? v.filter(isOp) : []);
/** Operators that run their `~child` as the rest of their own pipeline (the chain goes on after it). */
const PIPELINE_WRAPPERS = new Set(['Parallel', 'Authorize', 'Sequence']);

/** The graph of a plan (an EXPLAIN row `{plan, text}`, or a plan operator itself). */
export function planToGraph(root: unknown): PlanGraph {
  const nodes: PlanNode[] = [];
  const edges: [string, string][] = [];
  const add = (op: Op): PlanNode => {
    const detail: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(op)) if (opsOf(v).length === 0 || (Array.isArray(v) && v.length > opsOf(v).length)) detail[k] = v;
    const named = [op.index, op.keyspace, op.as, op.alias].find((x) => typeof x === 'string') as string | undefined;
    // A profiled plan (a statement that ran): the rows the operator produced and its own time.
    const stats = op['#stats'] as { '#itemsOut'?: number; execTime?: string } | undefined;
    const ran = stats && typeof stats === 'object' && typeof stats['#itemsOut'] === 'number' ? `${stats['#itemsOut']} rows · ${stats.execTime ?? ''}` : undefined;
    const sub = [named, ran].filter(Boolean).join('  ') || undefined;
    const node: PlanNode = { id: `n${nodes.length}`, op: op['#operator']!, sub: sub ?? '', detail };
    nodes.push(node);
    return node;
  };
  /** Adds an operator and what it holds; returns where rows enter and leave it. */
  const build = (op: Op): { first: string; last: string } => {
    const name = op['#operator']!;
    if (name === 'Sequence' && opsOf(op['~children']).length > 0) {
      const parts = opsOf(op['~children']).map(build);
      for (let i = 1; i < parts.length; i++) edges.push([parts[i - 1]!.last, parts[i]!.first]);
      return { first: parts[0]!.first, last: parts[parts.length - 1]!.last };
    }
    const node = add(op);
    let first = node.id;
    let last = node.id;
    for (const [k, v] of Object.entries(op)) {
      const subs = opsOf(v);
      if (subs.length === 0) continue;
      if (k === '~child' && PIPELINE_WRAPPERS.has(name)) {
        const inner = build(subs[0]!);
        edges.push([node.id, inner.first]);
        last = inner.last;
      } else {
        // Inputs: scans of a DistinctScan/IntersectScan/UnionScan, branches of a UnionAll, a join's inner side.
        const inputs = subs.map(build);
        for (const i of inputs) edges.push([i.last, node.id]);
        if (inputs.length === 1 && first === node.id && k !== '~child') first = inputs[0]!.first;
      }
    }
    return { first, last };
  };
  const top = root !== null && typeof root === 'object' && 'plan' in root ? (root as { plan: unknown }).plan : root;
  if (isOp(top)) build(top);
  return { nodes, edges };
}

/** A one-line-per-field summary of an operator for the hover tooltip. */
function summary(n: PlanNode): string {
  const keys = ['index', 'keyspace', 'spans', 'index_keys', 'keys', 'condition', 'on_clause', 'expr', 'limit', 'offset', 'covers', 'filter_covers', '#stats'];
  const lines = [n.op];
  for (const k of keys) if (n.detail[k] !== undefined) lines.push(`${k}: ${JSON.stringify(n.detail[k]).slice(0, 300)}`);
  return lines.join('\n');
}

const SVG = 'http://www.w3.org/2000/svg';
function svg(tag: string, attrs: Record<string, string | number>, ...children: (Node | string)[]): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

/** Draws the plan into `container`; a click on a box shows its fields in `detailPanel`. */
export function renderPlan(container: Element, detailPanel: Element, plan: unknown): PlanGraph {
  const graph = planToGraph(plan);
  if (graph.nodes.length === 0) {
    replace(container, h('p', {}, 'No plan.'));
    return graph;
  }
  const g = new Graph();
  g.setGraph({ rankdir: 'TB', nodesep: 24, ranksep: 36, marginx: 12, marginy: 12 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) g.setNode(n.id, { width: Math.max(120, Math.max(n.op.length, n.sub.length) * 7.5 + 24), height: n.sub ? 46 : 32 });
  for (const [a, b] of graph.edges) g.setEdge(a, b);
  layout(g);
  const size = g.graph() as { width?: number; height?: number };
  const root = svg('svg', { width: size.width ?? 0, height: size.height ?? 0, role: 'img', 'aria-label': 'query plan' });
  root.append(svg('defs', {}, svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, svg('path', { d: 'M0,0 L10,5 L0,10 z', style: 'fill:#667085;stroke:none' }))));
  for (const e of g.edges()) {
    const points = (g.edge(e) as { points: { x: number; y: number }[] }).points;
    root.append(svg('path', { d: points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join(' '), 'marker-end': 'url(#arrow)' }));
  }
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  for (const id of g.nodes()) {
    const n = byId.get(id)!;
    const box = g.node(id) as { x: number; y: number; width: number; height: number };
    const group = svg(
      'g',
      { class: `op${/Scan/.test(n.op) ? ' scan' : ''}`, 'data-operator': n.op, 'data-index': typeof n.detail.index === 'string' ? n.detail.index : '', transform: `translate(${box.x - box.width / 2},${box.y - box.height / 2})`, tabindex: 0 },
      svg('title', {}, summary(n)),
      svg('rect', { width: box.width, height: box.height, rx: 4 }),
      svg('text', { x: box.width / 2, y: n.sub ? 19 : 20, 'text-anchor': 'middle' }, n.op),
    );
    if (n.sub) group.append(svg('text', { class: 'sub', x: box.width / 2, y: 36, 'text-anchor': 'middle' }, n.sub));
    const select = () => {
      root.querySelectorAll('g.op.selected').forEach((x) => x.classList.remove('selected'));
      group.classList.add('selected');
      replace(detailPanel, h('h3', {}, n.op), h('pre', {}, JSON.stringify(n.detail, null, 2)));
    };
    group.addEventListener('click', select);
    group.addEventListener('keydown', (e) => (e as KeyboardEvent).key === 'Enter' && select());
    root.append(group);
  }
  replace(container, root);
  replace(detailPanel, 'Click an operator to see its details.');
  return graph;
}

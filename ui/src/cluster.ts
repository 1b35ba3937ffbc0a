// The cluster panel: the auto-compaction settings and the running tasks of the cluster admin
// listener (`GET /ui/api/cluster`, what the user's roles may read), refreshed every 5 s while open.
import { h, replace } from './dom.js';

interface ClusterInfo {
  autoCompaction: { autoCompactionSettings?: Record<string, unknown>; purgeInterval?: number } | null;
  tasks: Record<string, unknown>[] | null;
}

const text = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));

function render(panel: Element, info: ClusterInfo): void {
  const settings = info.autoCompaction ? { ...info.autoCompaction.autoCompactionSettings, purgeInterval: info.autoCompaction.purgeInterval } : undefined;
  const tasks = (info.tasks ?? []).filter((t) => t.status === 'running');
  replace(
    panel,
    h('div', {}, 'Auto-compaction'),
    settings ? h('ul', { class: 'settings' }, ...Object.entries(settings).map(([k, v]) => h('li', {}, h('code', {}, k), ' ', text(v)))) : h('p', {}, 'Not visible to this user.'),
    h('div', {}, 'Running tasks'),
    info.tasks === null
      ? h('p', {}, 'Not visible to this user.')
      : tasks.length
        ? h('ul', { class: 'tasks' }, ...tasks.map((t) => h('li', {}, `${text(t.type)} ${t.bucket !== undefined ? text(t.bucket) : ''} ${t.progress !== undefined ? `${text(t.progress)}%` : ''}`)))
        : h('p', {}, 'None.'),
  );
}

/** Wires the panel: loads when opened, then every 5 s while it stays open. */
export function setupClusterPanel(details: HTMLDetailsElement, panel: Element): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const load = async () => {
    const r = await fetch('/ui/api/cluster', { credentials: 'same-origin' });
    if (r.ok) render(panel, (await r.json()) as ClusterInfo);
  };
  details.addEventListener('toggle', () => {
    clearInterval(timer);
    if (!details.open) return;
    void load();
    timer = setInterval(() => void load(), 5000);
  });
}

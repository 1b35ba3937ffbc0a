/** Document stores (DESIGN §5). */
export * from './store.js';
export * from './memory-store.js';
export type { DocumentColumns } from './document-table.js';
export * from './index-tree.js';
export * from './sequence-registry.js';
export type { Sequences } from './sequences.js';

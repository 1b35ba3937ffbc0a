/** Seeded, deterministic document generators: the REPL demo keyspace and travel-sample-like benchmark data. */
export { generateDemoDocuments, DEMO_KEYSPACE, DEMO_DOCUMENT_COUNT, type GeneratedDocument } from './generate-demo.js';
export { generateTravelLikeDocuments } from './generate-travel-like.js';
export { Mulberry32 } from './mulberry32.js';

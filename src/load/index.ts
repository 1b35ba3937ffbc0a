/** Reading documents from files, directories, sample zips and iterables (`Database.load`, `tokenql load`). */
export { compileKeyTemplate, MAX_KEY_BYTES, type KeyFunction } from './key-template.js';
export { readDocuments, ITERABLE_SOURCE, type LoadItem, type ReadDocumentsOptions } from './read-documents.js';
export { detectFileFormat, type FileFormat } from './detect-format.js';
export { STDIN_SOURCE } from './stream-source.js';
export type * from './types.js';

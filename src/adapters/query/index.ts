/** The N1QL query service adapter (DESIGN §6). */
export { startQueryService, addQueryRoutes, type QueryServiceOptions } from './query-service.js';
export { formatDuration } from './duration.js';

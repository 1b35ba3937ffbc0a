/** The N1QL query service adapter (DESIGN §6). */
export { startQueryService, addQueryRoutes, answerServiceRequest, errorAnswer, type QueryServiceOptions, type ServiceAnswer, type ServiceRequestContext } from './query-service.js';
export { readServiceRequest, type ServiceRequest } from './request-params.js';
export { formatDuration } from './duration.js';

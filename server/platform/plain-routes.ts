/**
 * The allow-list of plain Fastify routes (issue 10): every route the app registers is either a descriptor of
 * core/contract/registry.ts (server/platform/endpoint.ts), a route of the resource engine (server/platform/crud,
 * the paths of resourcePaths() under a registered resource), or listed here with the reason it stays plain.
 * tests/api/descriptor-coverage.test.ts enumerates the app's routes and fails on a plain route missing here (a new
 * hand-written route goes onto a descriptor instead) and on an entry here that is no longer plain.
 *
 * Key: `METHOD path` as Fastify registers it (HEAD routes Fastify adds beside GET are not counted).
 */
export const PLAIN_ROUTES: Readonly<Record<string, string>> = {
  // WebSocket upgrades (STOMP 1.2 brokers): a socket, not a request with one answer
  'GET /api/izs-weighing/ws': 'STOMP over WebSocket (weighing readings), server/modules/izs-weighing/socket.ts',
  'GET /api/izs-logistical/ws': 'STOMP over WebSocket (vehicle positions), server/modules/izs-logistical/socket.ts',
  // the open platform's readable documentation: HTML and CSS, not JSON (the OpenAPI document is OPEN_DOC.openapi)
  'GET /api/open/v1/docs': 'HTML page of the OpenAPI document (server/modules/izs-toolbox/open/openapi.ts docsHtml)',
  'GET /api/open/v1/docs.css': 'stylesheet of the documentation page (DOCS_CSS)',
};

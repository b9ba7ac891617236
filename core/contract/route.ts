/**
 * What a client needs of an endpoint descriptor (endpoint.ts) to call it — method, path, which input parts it has,
 * its cache tags — without the descriptor's zod schemas. zod-free, so the first page load (the shell, the home
 * dashboard) calls its few endpoints without downloading zod (`npm run bench`; tests/lint/first-load.test.ts keeps
 * zod out of the shell's static imports).
 *
 * A descriptor is itself a route (its schemas stand for the parts it has). A screen of the first load writes its
 * routes typed `RoutesOf<typeof GROUP>` with `import type` of the contract (core/api/endpoints.ts injectRoutes): tsc
 * refuses a route whose method, path, parts or tags differ from its descriptor's, and the hooks are typed by the
 * descriptor's schemas all the same.
 */

export type Method = 'GET' | 'POST';

/** A cache tag: a type (`'Fin'`) or one item of a type (`{ type: 'Resource', id: 'asset-card' }`). */
export type Tag = string | { readonly type: string; readonly id: string };

/** The call of one endpoint, schema-free: an input part is present (a schema, or `true` in a written route) or not. */
export interface RouteSpec {
  method: Method;
  /** Full path under /api (Fastify syntax for params: `:id`). */
  path: string;
  params?: unknown;
  query?: unknown;
  body?: unknown;
  provides?: readonly Tag[];
  invalidates?: readonly Tag[];
  silent?: boolean;
  withMsg?: boolean;
  wire?: 'r' | 'bare';
}

type Part = 'params' | 'query' | 'body';
type Meta = 'provides' | 'invalidates' | 'silent' | 'withMsg' | 'wire';

/**
 * The route of descriptor E, exactly: the same method and path (literal types), `true` for each input part it has
 * and none for the others, the same tags and flags.
 */
export type RouteOf<E extends RouteSpec> = { method: E['method']; path: E['path'] } & {
  [K in Part as K extends keyof E ? (undefined extends E[K] ? never : K) : never]: true;
} & { [K in Meta as K extends keyof E ? K : never]: E[K & keyof E] };

/** The routes of a descriptor group: `RoutesOf<typeof WORKBENCH>`. */
export type RoutesOf<D extends Record<string, RouteSpec>> = { [K in keyof D]: RouteOf<D[K]> };

/** Which input parts an endpoint has (runtime mirror of endpoint.ts ArgOf's choice). */
export function inputParts(e: RouteSpec): Part[] {
  return (['params', 'query', 'body'] as const).filter((k) => e[k] !== undefined);
}

/** `/api/x/:id/y` + { id: 5 } → `/api/x/5/y` (values URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_m, k: string) => encodeURIComponent(String(params?.[k] ?? '')));
}

/** The file kinds a descriptor may answer (`answer: fileAnswer('xlsx')`). */
export const FILE_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
} as const;
export type FileKind = keyof typeof FILE_TYPES;

/** The answers of file descriptors (endpoint.ts fileAnswer registers each) and their kind. */
export const FILE_ANSWERS = new WeakMap<object, FileKind>();

/** The file kind of a descriptor that answers a file (undefined for JSON answers and for written routes). */
export function fileKindOf(e: { answer?: unknown }): FileKind | undefined {
  return typeof e.answer === 'object' && e.answer !== null ? FILE_ANSWERS.get(e.answer) : undefined;
}

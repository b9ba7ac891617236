/**
 * OpenAPI 3.1 documents from the endpoint descriptors (issue 23: "generated from the zod descriptors by a maintained
 * library"): `zod-openapi` renders each descriptor's zod schemas — path parameters, query, body (input) and the
 * answer (output), R-wrapped unless the descriptor travels bare — into one document. Used by the open platform's
 * public document (server/modules/izs-toolbox/open/openapi.ts) and the administrators' document of every internal
 * descriptor (server/modules/izs-toolbox/internal-openapi.ts).
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiObject, type ZodOpenApiOperationObject } from 'zod-openapi';
import type { EndpointSpec } from '../../core/contract/endpoint.ts';
import { LINE_SCHEMAS } from '../../core/contract/izs-stock/fields.ts';

type Operation = ZodOpenApiOperationObject;

/** Fastify's `:id` → OpenAPI's `{id}`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The R envelope (`{ code, success, data, msg }`) around an answer, as the wire carries it. */
const wrapped = (answer: z.ZodType) =>
  z.object({
    code: z
      .number()
      .int()
      .meta({ examples: [200] }),
    success: z.boolean(),
    data: answer,
    msg: z.string(),
  });

/** A stable operation id from the method and path: `GET /api/open/v1/weighing-orders` → `getApiOpenV1WeighingOrders`. */
export const operationId = (e: EndpointSpec, strip = /^$/): string =>
  `${e.method.toLowerCase()}${e.path.replace(strip, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string) => (c ? c.toUpperCase() : ''))}`;

type Def = { type: string; in?: z.ZodType; out?: z.ZodType; innerType?: z.ZodType };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The object behind a query or path schema, as zod-openapi wants it for parameters: through a `preprocess` (a pipe
 * from a transform into the object), a `.transform` after the object, `optional` / `default` wrappers.
 */
function paramsObject(s: z.ZodType): z.ZodType | undefined {
  const def = defOf(s);
  if (def.type === 'object') return s;
  if (def.type === 'pipe' && def.in && def.out)
    return defOf(def.in).type === 'transform' ? paramsObject(def.out) : paramsObject(def.in);
  if (def.innerType) return paramsObject(def.innerType);
  return undefined;
}

/** One descriptor as an operation; `extra` adds tags, security, more responses, extensions. */
export function operationOf(e: EndpointSpec, extra: Partial<Operation> = {}): Operation {
  const requestParams: Operation['requestParams'] = {};
  const path = e.params && paramsObject(e.params);
  const query = e.query && paramsObject(e.query);
  if (path) requestParams.path = path as never;
  if (query) requestParams.query = query as never;
  const { responses, ...rest } = extra;
  return {
    operationId: operationId(e),
    summary: e.summary,
    ...(path || query ? { requestParams } : {}),
    ...(e.body ? { requestBody: { required: true, content: { 'application/json': { schema: e.body } } } } : {}),
    ...rest,
    responses: {
      '200': {
        description: e.wire === 'bare' ? '成功' : '成功（code = 200）',
        content: { 'application/json': { schema: e.wire === 'bare' ? e.answer : wrapped(e.answer) } },
      },
      ...responses,
    },
  };
}

/** The paths object of a set of descriptors (several methods on one path share its item). */
export function pathsOf(
  specs: Iterable<EndpointSpec>,
  extra: (e: EndpointSpec) => Partial<Operation> = () => ({}),
): NonNullable<ZodOpenApiObject['paths']> {
  const paths: NonNullable<ZodOpenApiObject['paths']> = {};
  for (const e of specs) {
    const key = openApiPath(e.path);
    paths[key] = { ...(paths[key] ?? {}), [e.method.toLowerCase()]: operationOf(e, extra(e)) };
  }
  return paths;
}

/**
 * The document. Schemas zod cannot express in JSON Schema (a `z.custom`, a date, a transform's output) render as an
 * empty schema instead of refusing the whole document.
 */
export function openApiOf(doc: ZodOpenApiObject): Record<string, unknown> {
  return createDocument(doc, {
    allowEmptySchema: { custom: true, date: true, transform: true, pipe: true, any: true, unknown: true },
    // lines of a document (`linesOf`: an array checked row by row, for the row's number in the message) are
    // documented with the row's own schema instead of an empty one
    override: ({ jsonSchema, zodSchema, io }) => {
      const line = LINE_SCHEMAS.get(zodSchema as unknown as z.ZodType);
      if (!line) return;
      const { $schema: _drop, ...items } = z.toJSONSchema(line, { io, unrepresentable: 'any' }) as Record<
        string,
        unknown
      >;
      jsonSchema.items = items;
    },
  }) as unknown as Record<string, unknown>;
}

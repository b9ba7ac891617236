/**
 * Typed endpoint descriptors (issue 10): every hand-written endpoint is declared once, as data, here in the
 * contract — method, path, input schemas, answer schema, the button that guards it and the cache tags it provides
 * and invalidates. The server registers a handler against a descriptor (`server/platform/endpoint.ts`: input parsed,
 * answer type-checked, and validated against the schema under test); the client generates its RTK Query endpoints
 * from the same descriptors (`core/api/endpoints.ts`), so a changed answer fails `tsc` in every screen that reads it.
 * The open platform's OpenAPI document is generated from the same objects.
 *
 * Constraints:
 * - `answer` is a plain schema (no transforms): the handler returns exactly what the client reads.
 * - GET endpoints are queries (they may provide tags), POST endpoints are mutations (they may invalidate tags).
 * - A path parameter `:name` in `path` needs `params` with that key.
 */
import { z } from 'zod';
import { FILE_ANSWERS, type FileKind, type Method, type Tag } from './route.ts';

// the schema-free part (what a client needs to call a descriptor) lives in route.ts, zod-free for the first page load
export {
  FILE_TYPES,
  type FileKind,
  fileKindOf,
  fillPath,
  inputParts,
  type Method,
  type RouteOf,
  type RouteSpec,
  type RoutesOf,
  type Tag,
} from './route.ts';

/**
 * What a button guard asks: `${code}_${action}` (view also accepts the menu code itself); the view of any of several
 * menus (a page reached from several places); or an exact code.
 */
export type Permission =
  | { code: string; action: 'view' | 'add' | 'edit' | 'delete' | 'export' }
  | { anyView: readonly string[] }
  | { exact: string }
  /** Any one of several exact codes (e.g. the 过磅 capture: the 地磅 or the 磅单 add button). */
  | { anyOf: readonly string[] };

/**
 * The button codes of which the caller must hold one for `p`: the one place the rule is written (the server's
 * checkGrant / requireButton, the OpenAPI document's `x-permission`, `npm run endpoints`). A view also accepts the
 * menu code itself.
 */
export function grantCodes(p: Permission): string[] {
  if ('exact' in p) return [p.exact];
  if ('anyOf' in p) return [...p.anyOf];
  if ('anyView' in p) return p.anyView.flatMap((c) => [c, `${c}_view`]);
  return p.action === 'view' ? [`${p.code}_view`, p.code] : [`${p.code}_${p.action}`];
}

/** `permission: anyOf('a_add', 'b_add')`: the caller holds at least one of these exact button codes. */
export function anyOf(...codes: readonly [string, ...string[]]): { anyOf: readonly string[] } {
  return { anyOf: codes };
}

export interface EndpointSpec {
  method: Method;
  /** Full path under /api, e.g. `/api/izs-finance/receivable/page` (Fastify syntax for params: `:id`). */
  path: string;
  /** One line for the OpenAPI document and the folder READMEs. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodType;
  permission?: Permission;
  /** Cache tags a query provides (RTK Query tag types, or one tagged item such as an engine resource's list). */
  provides?: readonly Tag[];
  /** Cache tags a mutation invalidates on success. */
  invalidates?: readonly Tag[];
  /** No error toast on the client (the screen shows the message itself). */
  silent?: boolean;
  /** The answer's `msg` when it is not the default 操作成功 (e.g. 新增成功). */
  message?: string;
  /** Public route: no sign-in (the guard lets it through). */
  isPublic?: boolean;
  /**
   * The answer's `msg` is computed by the handler (`say('重置成功，新密码为 …')`) and the screen shows it: the
   * client's hook then reads `{ data, msg }` instead of the data alone.
   */
  withMsg?: boolean;
  /**
   * How the answer travels: `'r'` (default) wrapped in `{ code, success, data, msg }`; `'bare'` as it is (BladeX's
   * OAuth answers: the token and the captcha are bare objects, failures `{ error_code, error_description }`).
   */
  wire?: 'r' | 'bare';
}

/** Declares an endpoint; the literal type is kept so that inputs and answer stay exact. */
export function endpoint<const E extends EndpointSpec>(e: E): E {
  return e;
}

type In<S> = S extends z.ZodType ? z.input<S> : never;
type Out<S> = S extends z.ZodType ? z.output<S> : never;

/** What the handler returns and the client reads. */
export type AnswerOf<E extends EndpointSpec> = z.output<E['answer']>;
/** What the client's hook reads: the answer, or `{ data, msg }` for a descriptor with `withMsg: true`. */
export type ClientAnswerOf<E extends EndpointSpec> = E['withMsg'] extends true
  ? { data: AnswerOf<E>; msg: string }
  : AnswerOf<E>;
export type QueryOf<E extends EndpointSpec> = Out<E['query']>;
export type BodyOf<E extends EndpointSpec> = Out<E['body']>;
export type ParamsOf<E extends EndpointSpec> = Out<E['params']>;

type Has<E, K extends string> = E extends Record<K, z.ZodType> ? true : false;

/**
 * The client's argument: only the parts the endpoint has. One part alone is passed bare (a GET's query, a POST's
 * body); several are passed as `{ params, query, body }`; none is `void`.
 */
export type ArgOf<E extends EndpointSpec> = [Has<E, 'params'>, Has<E, 'query'>, Has<E, 'body'>] extends [
  false,
  false,
  false,
]
  ? // biome-ignore lint/suspicious/noConfusingVoidType: RTK Query hooks take no argument for a void arg
    void
  : [Has<E, 'params'>, Has<E, 'query'>, Has<E, 'body'>] extends [false, true, false]
    ? In<E['query']>
    : [Has<E, 'params'>, Has<E, 'query'>, Has<E, 'body'>] extends [false, false, true]
      ? In<E['body']>
      : [Has<E, 'params'>, Has<E, 'query'>, Has<E, 'body'>] extends [true, false, false]
        ? In<E['params']>
        : (Has<E, 'params'> extends true ? { params: In<E['params']> } : unknown) &
            (Has<E, 'query'> extends true ? { query: In<E['query']> } : unknown) &
            (Has<E, 'body'> extends true ? { body: In<E['body']> } : unknown);

/**
 * What the handler of a file descriptor returns: the bytes (a buffer, or a stream the server pipes) and the file's
 * name (Chinese is fine: sent RFC 5987-encoded in Content-Disposition). The client never sees this object: it
 * receives the file (`core/api/endpoints.ts` fileDownloads / useDescriptorDownload).
 */
export interface FileAnswer {
  filename: string;
  body: Uint8Array | AsyncIterable<Uint8Array>;
}

/**
 * A file answer (a download, not JSON): `answer: fileAnswer('xlsx')`. The server sends the handler's bytes with the
 * kind's content type and the file name; the client's generated download function saves it.
 */
export function fileAnswer(kind: FileKind): z.ZodType<FileAnswer> {
  const s = z.custom<FileAnswer>(
    (v) => typeof v === 'object' && v !== null && typeof (v as { filename?: unknown }).filename === 'string',
    { message: '文件应答缺少文件名' },
  );
  FILE_ANSWERS.set(s, kind);
  return s;
}

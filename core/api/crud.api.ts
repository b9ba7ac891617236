import type { Page, R, TreeNode } from '../contract/common.ts';
import { type ImportResult, type ResourceDef, resourcePaths } from '../contract/resource.ts';
import type { SessionState } from '../session/session-slice.ts';
import { api } from './api.ts';
import { buildHeaders, buildUrl, MESSAGES } from './base-query.ts';

/**
 * RTK Query for resource definitions (issue: resource engine). The endpoints are generic: their argument names
 * the resource (`name` + `path`, not the whole definition, so cache keys stay small and serialisable).
 * Tags: `{type: 'Resource', id: name}` for a resource's lists and `{type: 'Resource', id: name:rowId}` per row;
 * saving or removing invalidates both, and also the business cache when the resource feeds it (spec §3).
 */
export type Row = Record<string, unknown> & { id?: string };
export type Params = Record<string, string | number | boolean | null | undefined>;
export interface RegionRow {
  code: string;
  name: string;
  parentCode?: string;
  hasChildren?: boolean;
}
export interface ResourceRef {
  name: string;
  path: string;
}

/** Resources whose rows are part of the business data cache (spec §3): saving them refreshes it. */
export const BIZ_CACHE_RESOURCES = new Set([
  'material',
  'warehouse',
  'weighbridge',
  'related-party',
  'customer',
  'supplier',
]);

export const refOf = (def: Pick<ResourceDef, 'name' | 'path'>): ResourceRef => ({ name: def.name, path: def.path });

const crudApi = api.enhanceEndpoints({ addTagTypes: ['Resource', 'BizCache', 'Options'] }).injectEndpoints({
  endpoints: (b) => ({
    resourcePage: b.query<Page<Row>, { ref: ResourceRef; params: Params }>({
      query: ({ ref, params }) => ({ url: resourcePaths(ref).page, params }),
      transformResponse: (r: R<Page<Row>>) => r.data ?? { records: [], total: 0, size: 10, current: 1, pages: 0 },
      providesTags: (res, _e, { ref }) => [
        { type: 'Resource', id: ref.name },
        ...(res?.records ?? []).map((row) => ({ type: 'Resource' as const, id: `${ref.name}:${row.id}` })),
      ],
    }),
    resourceList: b.query<Row[], { ref: ResourceRef; params: Params }>({
      query: ({ ref, params }) => ({ url: resourcePaths(ref).list, params }),
      transformResponse: (r: R<Row[]>) => r.data ?? [],
      providesTags: (_r, _e, { ref }) => [{ type: 'Resource', id: ref.name }],
    }),
    resourceDetail: b.query<Row, { ref: ResourceRef; id: string }>({
      query: ({ ref, id }) => ({ url: resourcePaths(ref).detail, params: { id } }),
      transformResponse: (r: R<Row>) => r.data,
      providesTags: (_r, _e, { ref, id }) => [{ type: 'Resource', id: `${ref.name}:${id}` }],
    }),
    /** `select-list` of a resource, or any endpoint answering a list (option sources). */
    selectList: b.query<Row[], string>({
      query: (url) => url,
      transformResponse: (r: R<Row[]>) => r.data ?? [],
      providesTags: (_r, _e, url) => [{ type: 'Options', id: url }],
    }),
    /** A tree endpoint answering TreeNode[] (dept tree, category tree). */
    treeOptions: b.query<TreeNode[], string>({
      query: (url) => url,
      transformResponse: (r: R<TreeNode[]>) => r.data ?? [],
      providesTags: (_r, _e, url) => [{ type: 'Options', id: url }],
    }),
    /** One level of GB/T 2260 regions (lazy cascader). */
    regionChildren: b.query<RegionRow[], string>({
      query: (parentCode) => ({ url: '/api/blade-system/region/list', params: { parentCode, size: 1000 } }),
      // the region list answers a Page (spec §7.3: size 1000); a bare list is accepted too
      transformResponse: (r: R<Page<RegionRow> | RegionRow[]>) =>
        Array.isArray(r.data) ? r.data : (r.data?.records ?? []),
    }),
    resourceSubmit: b.mutation<R<Row>, { ref: ResourceRef; body: Row }>({
      query: ({ ref, body }) => ({ url: resourcePaths(ref).submit, method: 'POST', body }),
      invalidatesTags: (_r, error, { ref, body }) =>
        error
          ? []
          : [
              { type: 'Resource', id: ref.name },
              ...(body.id ? [{ type: 'Resource' as const, id: `${ref.name}:${body.id}` }] : []),
              ...(BIZ_CACHE_RESOURCES.has(ref.name) ? ['BizCache' as const] : []),
              { type: 'Options', id: resourcePaths(ref).selectList },
            ],
    }),
    resourceRemove: b.mutation<R<unknown>, { ref: ResourceRef; ids: string[] }>({
      query: ({ ref, ids }) => ({ url: resourcePaths(ref).remove, method: 'POST', params: { ids: ids.join(',') } }),
      invalidatesTags: (_r, error, { ref, ids }) =>
        error
          ? []
          : [
              { type: 'Resource', id: ref.name },
              ...ids.map((id) => ({ type: 'Resource' as const, id: `${ref.name}:${id}` })),
              ...(BIZ_CACHE_RESOURCES.has(ref.name) ? ['BizCache' as const] : []),
              { type: 'Options', id: resourcePaths(ref).selectList },
            ],
    }),
  }),
});

export const {
  useResourcePageQuery,
  useResourceListQuery,
  useResourceDetailQuery,
  useSelectListQuery,
  useTreeOptionsQuery,
  useRegionChildrenQuery,
  useLazyRegionChildrenQuery,
  useResourceSubmitMutation,
  useResourceRemoveMutation,
} = crudApi;
export { crudApi };

type HeaderSession = Parameters<typeof buildHeaders>[0];

/** Filename of an attachment (RFC 5987 `filename*=UTF-8''…` first, then `filename=`). */
export function attachmentName(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** Reads an R error body (or a non-JSON answer) into the message of spec §8. */
async function errorMessage(res: Response): Promise<string> {
  if (res.status === 403) return MESSAGES.forbidden;
  if (res.status === 404) return MESSAGES.notFound;
  try {
    const body = (await res.json()) as { msg?: string; error_description?: string };
    return body.msg || body.error_description || MESSAGES.unknown;
  } catch {
    return `Request failed with status code ${res.status}`;
  }
}

export interface DownloadResult {
  blob: Blob;
  filename: string;
}

/**
 * Streams a binary answer (export, import template) with the same headers as every API call, reporting the bytes
 * received. Plain fetch: RTK Query would buffer the whole body and its cache must not hold blobs.
 */
export async function downloadFile(
  session: HeaderSession,
  url: string,
  params: Params,
  fallbackName: string,
  onProgress?: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<DownloadResult> {
  const res = await fetch(buildUrl(url, params), { headers: buildHeaders(session), signal });
  const type = res.headers.get('Content-Type') ?? '';
  if (!res.ok || type.includes('application/json')) throw new Error(await errorMessage(res));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      onProgress?.(received);
    }
  } else {
    const buf = new Uint8Array(await res.arrayBuffer());
    chunks.push(buf);
    onProgress?.(buf.byteLength);
  }
  return {
    blob: new Blob(chunks, { type: type || 'application/octet-stream' }),
    filename: attachmentName(res.headers.get('Content-Disposition'), fallbackName),
  };
}

/** Hands a blob to the browser as a download. */
export function saveBlob({ blob, filename }: DownloadResult): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** POST `${path}/import` (multipart `file`); answers the ImportResult, or throws with the server's message. */
export async function importFile(session: HeaderSession, ref: ResourceRef, file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch(buildUrl(resourcePaths(ref).import), {
    method: 'POST',
    headers: buildHeaders(session),
    body: form,
  });
  let body: Partial<R<ImportResult>> = {};
  try {
    body = (await res.json()) as R<ImportResult>;
  } catch {
    throw new Error(`Request failed with status code ${res.status}`);
  }
  // an all-or-nothing refusal may come back as 400 with the per-row errors in data
  if (body.data && Array.isArray(body.data.errors)) return body.data;
  if (body.code !== 200) throw new Error(res.status === 403 ? MESSAGES.forbidden : body.msg || MESSAGES.unknown);
  return body.data ?? { total: 0, imported: 0, errors: [] };
}

export type { HeaderSession, SessionState };

/**
 * RTK Query endpoints generated from endpoint descriptors (core/contract/endpoint.ts): one call per descriptor group,
 * `export const receivableApi = injectDescriptors('receivable', RECEIVABLE)`, gives exactly typed hooks
 * (`useReceivablePageQuery`, `useReceivableSubmitMutation`…) whose data is the descriptor's answer type — no casts.
 * GET descriptors become queries providing their tags; POST descriptors become mutations invalidating theirs
 * (only on success).
 */
import type { MutationDefinition, QueryDefinition } from '@reduxjs/toolkit/query';
import { useCallback, useState } from 'react';
import { useStore } from 'react-redux';
import type { R } from '../contract/common.ts';
import type { ArgOf, ClientAnswerOf, EndpointSpec } from '../contract/endpoint.ts';
// zod-free: this module is on the first page load (the shell's and the home page's endpoints, injectRoutes)
import { fileKindOf, type RouteSpec, type RoutesOf, type Tag } from '../contract/route.ts';
import { api } from './api.ts';
import type { bladeBaseQuery, buildHeaders } from './base-query.ts';
import { type DownloadResult, downloadFile, type Params, saveBlob } from './crud.api.ts';
import { requestOf } from './request-of.ts';

export { requestOf };

type Base = typeof bladeBaseQuery;
type TagType = string;

export type DescriptorDefinitions<P extends string, D extends Record<string, EndpointSpec>> = {
  [K in keyof D & string as `${P}${Capitalize<K>}`]: D[K]['method'] extends 'GET'
    ? QueryDefinition<ArgOf<D[K]>, Base, TagType, ClientAnswerOf<D[K]>, 'api'>
    : MutationDefinition<ArgOf<D[K]>, Base, TagType, ClientAnswerOf<D[K]>, 'api'>;
};

const tagList = (tags: readonly Tag[] | undefined) => (tags ?? []).map((t) => (typeof t === 'string' ? t : { ...t }));
const tagType = (t: Tag) => (typeof t === 'string' ? t : t.type);

/**
 * Adds the descriptors' endpoints (and their tag types) to the one API slice, named `${prefix}${Key}` — endpoint
 * names are global in the slice, so the prefix (the contract's group, e.g. `closing`) keeps them apart:
 * `injectDescriptors('closing', CLOSING)` → `useClosingPeriodListQuery`, `useClosingCloseMutation`.
 */
export function injectDescriptors<const P extends string, const D extends Record<string, EndpointSpec>>(
  prefix: P,
  descriptors: D,
) {
  return injectRouteSpecs<P, D>(prefix, descriptors);
}

/**
 * The same endpoints from a group's routes (core/contract/route.ts), for the first page load: the contract is
 * imported as a type only, so its zod schemas are not downloaded with the shell.
 *
 *   import type { WORKBENCH } from '../contract/izs-visual/workbench.contract.ts';
 *   injectRoutes<typeof WORKBENCH>()('workbench', { work: { method: 'GET', path: '/api/izs-visual/dashboard/work' } });
 *
 * The routes are typed `RoutesOf<D>`: a method, path, part or tag that differs from the descriptor's fails tsc.
 */
export function injectRoutes<const D extends Record<string, EndpointSpec>>() {
  return <const P extends string>(prefix: P, routes: RoutesOf<D>) => injectRouteSpecs<P, D>(prefix, routes);
}

function injectRouteSpecs<P extends string, D extends Record<string, EndpointSpec>>(
  prefix: P,
  routes: Record<string, RouteSpec>,
) {
  const tagTypes = [
    ...new Set(Object.values(routes).flatMap((e) => [...(e.provides ?? []), ...(e.invalidates ?? [])].map(tagType))),
  ];
  return api.enhanceEndpoints({ addTagTypes: tagTypes }).injectEndpoints({
    endpoints: (b) =>
      Object.fromEntries(
        Object.entries(routes).map(([name, e]) => {
          const common = {
            query: (arg: unknown) => requestOf(e, arg),
            transformResponse: (r: R<unknown>) => (e.withMsg ? { data: r.data, msg: r.msg } : r.data),
            extraOptions: { silent: e.silent ?? false },
          };
          return [
            `${prefix}${name[0].toUpperCase()}${name.slice(1)}`,
            e.method === 'GET'
              ? b.query<unknown, unknown>({ ...common, providesTags: tagList(e.provides) })
              : b.mutation<unknown, unknown>({
                  ...common,
                  invalidatesTags: (_r, error) => (error ? [] : tagList(e.invalidates)),
                }),
          ];
        }),
      ) as unknown as DescriptorDefinitions<P, D>,
  });
}

// ── File descriptors (answer: fileAnswer(kind)) ────────────────────────────────────────────────────────────────
// A file is not cached (RTK Query would buffer the bytes into the store): a file descriptor gets a typed download
// function instead of a hook of the slice. Keep file descriptors in their own group (e.g. `REVERSE_FILES`).

type HeaderSession = Parameters<typeof buildHeaders>[0];

export interface DownloadOptions {
  /** Bytes received so far (the screen may show the progress of a large export). */
  onProgress?: (bytes: number) => void;
  signal?: AbortSignal;
}

/** Fetches one file descriptor's file with the session's headers; the argument is typed as the descriptor's input. */
export type Download<E extends EndpointSpec> = (
  session: HeaderSession,
  arg: ArgOf<E>,
  options?: DownloadOptions,
) => Promise<DownloadResult>;

/** The file a descriptor answers (GET with its query; the name comes from Content-Disposition). */
export function downloadOf<const E extends EndpointSpec>(e: E): Download<E> {
  const kind = fileKindOf(e);
  if (!kind || e.method !== 'GET') throw new Error(`${e.method} ${e.path} does not answer a file`);
  return (session, arg, options) => {
    const r = requestOf(e, arg);
    return downloadFile(
      session,
      r.url,
      (r.params ?? {}) as Params,
      `${e.summary}.${kind}`,
      options?.onProgress,
      options?.signal,
    );
  };
}

/** `fileDownloads(REVERSE_FILES)` → `{ export: (session, { month }) => Promise<{ blob, filename }> }`. */
export function fileDownloads<const D extends Record<string, EndpointSpec>>(
  descriptors: D,
): { [K in keyof D]: Download<D[K]> } {
  return Object.fromEntries(Object.entries(descriptors).map(([k, e]) => [k, downloadOf(e)])) as {
    [K in keyof D]: Download<D[K]>;
  };
}

/**
 * A screen's download button: `const { download, bytes } = useFileDownload(download)` → `download(arg)` fetches
 * the file with the signed-in session and saves it (rejects with the server's message); `bytes` is the progress
 * while it streams (null when idle).
 */
export function useFileDownload<A>(
  fn: (session: HeaderSession, arg: A, options?: DownloadOptions) => Promise<DownloadResult>,
) {
  const store = useStore<{ session: HeaderSession }>();
  const [bytes, setBytes] = useState<number | null>(null);
  const download = useCallback(
    async (arg: A, options?: Pick<DownloadOptions, 'signal'>) => {
      setBytes(0);
      try {
        const file = await fn(store.getState().session, arg, { ...options, onProgress: setBytes });
        saveBlob(file);
        return file;
      } finally {
        setBytes(null);
      }
    },
    [fn, store],
  );
  return { download, bytes };
}

/**
 * RTK Query endpoints generated from endpoint descriptors (core/contract/endpoint.ts): one call per descriptor group,
 * `export const receivableApi = injectDescriptors('receivable', RECEIVABLE)`, gives exactly typed hooks
 * (`useReceivablePageQuery`, `useReceivableSubmitMutation`…) whose data is the descriptor's answer type — no casts.
 * GET descriptors become queries providing their tags; POST descriptors become mutations invalidating theirs
 * (only on success).
 */
import type { MutationDefinition, QueryDefinition } from '@reduxjs/toolkit/query';
import type { R } from '../contract/common.ts';
import type { ArgOf, ClientAnswerOf, EndpointSpec, Tag } from '../contract/endpoint.ts';
import { api } from './api.ts';
import type { bladeBaseQuery } from './base-query.ts';
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
  const tagTypes = [
    ...new Set(
      Object.values(descriptors).flatMap((e) => [...(e.provides ?? []), ...(e.invalidates ?? [])].map(tagType)),
    ),
  ];
  return api.enhanceEndpoints({ addTagTypes: tagTypes }).injectEndpoints({
    endpoints: (b) =>
      Object.fromEntries(
        Object.entries(descriptors).map(([name, e]) => {
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

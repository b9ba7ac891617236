import { useAppSelector } from '../store/hooks.ts';
import { ALL_LISTS, type BizCacheState, type SelectDataArgs, selectDataBody, useSelectDataQuery } from './biz-cache.ts';

/**
 * Subscribes to the business data cache (spec §3) and returns it. The subscription keeps the answer fresh: when
 * a material, warehouse, weighbridge or party is saved, the `BizCache` tag is invalidated and it reloads.
 */
export function useBizCache(flags: SelectDataArgs = ALL_LISTS): BizCacheState {
  const roles = useAppSelector((s) => s.session.roles);
  const deptIds = useAppSelector((s) => s.session.userInfo?.dept_id);
  const hasToken = useAppSelector((s) => !!s.session.token);
  useSelectDataQuery(selectDataBody(roles, deptIds, flags), { skip: !hasToken });
  return useAppSelector((s) => s.bizCache);
}

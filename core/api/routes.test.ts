/**
 * The routes the first load calls its endpoints with (core/contract/route.ts, endpoints.ts injectRoutes) are their
 * descriptors without the schemas: the same method, path, input parts, tags and flags. tsc checks it (RoutesOf, the
 * @ts-expect-error lines below); this checks the values too, and that the hooks send what the descriptor expects.
 */
import { describe, expect, it } from 'vitest';
import { PRINT_CONFIG } from '../contract/izs-toolbox/print-config.contract.ts';
import { DASHBOARD } from '../contract/izs-visual/dashboard.contract.ts';
import { METRIC_ENDPOINTS } from '../contract/izs-visual/metrics.contract.ts';
import { WORKBENCH } from '../contract/izs-visual/workbench.contract.ts';
import { inputParts, type RouteOf, type RouteSpec } from '../contract/route.ts';
import { DASHBOARD_ROUTES, METRIC_ROUTES, WORKBENCH_ROUTES } from './izs-visual.api.ts';
import { PRINT_CONFIG_ROUTES } from './print-config.api.ts';
import { requestOf } from './request-of.ts';

/** What a client reads of a descriptor or a route. */
function callShape(e: RouteSpec) {
  return {
    method: e.method,
    path: e.path,
    parts: inputParts(e),
    provides: e.provides ?? [],
    invalidates: e.invalidates ?? [],
    silent: e.silent ?? false,
    withMsg: e.withMsg ?? false,
    wire: e.wire ?? 'r',
  };
}

const GROUPS: [string, Record<string, RouteSpec>, Record<string, RouteSpec>][] = [
  ['PRINT_CONFIG', PRINT_CONFIG, PRINT_CONFIG_ROUTES],
  ['DASHBOARD', DASHBOARD, DASHBOARD_ROUTES],
  ['METRIC_ENDPOINTS', METRIC_ENDPOINTS, METRIC_ROUTES],
  ['WORKBENCH', WORKBENCH, WORKBENCH_ROUTES],
];

describe('routes written for the first load', () => {
  it.each(GROUPS)('%s: every descriptor has its route, with the same call shape', (_name, descriptors, routes) => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(descriptors).sort());
    for (const [k, d] of Object.entries(descriptors)) expect(callShape(routes[k])).toEqual(callShape(d));
  });

  it('a route builds the request its descriptor builds', () => {
    expect(requestOf(METRIC_ROUTES.values, { names: 'a,b' })).toEqual(
      requestOf(METRIC_ENDPOINTS.values, { names: 'a,b' }),
    );
    expect(requestOf(PRINT_CONFIG_ROUTES.save, { warehouseId: '1' })).toEqual(
      requestOf(PRINT_CONFIG.save, { warehouseId: '1' }),
    );
  });

  it('tsc refuses a route that differs from its descriptor', () => {
    type Work = RouteOf<(typeof WORKBENCH)['work']>;
    type Values = RouteOf<(typeof METRIC_ENDPOINTS)['values']>;
    type ByDept = RouteOf<(typeof PRINT_CONFIG)['byDept']>;
    const ok: Work = { method: 'GET', path: '/api/izs-visual/dashboard/work' };
    // @ts-expect-error another path
    const path: Work = { method: 'GET', path: '/api/izs-visual/dashboard/works' };
    // @ts-expect-error another method
    const method: Work = { method: 'POST', path: '/api/izs-visual/dashboard/work' };
    // @ts-expect-error the query part missing
    const part: Values = { method: 'GET', path: '/api/izs-visual/metrics' };
    // @ts-expect-error a part the descriptor does not have
    const extra: Work = { method: 'GET', path: '/api/izs-visual/dashboard/work', body: true };
    const tags: ByDept = {
      method: 'GET',
      path: '/api/izs-sell/print-config/detail-dept-id',
      query: true,
      // @ts-expect-error another tag
      provides: ['Print'],
      silent: true,
    };
    // @ts-expect-error the silent flag missing
    const flag: ByDept = {
      method: 'GET',
      path: '/api/izs-sell/print-config/detail-dept-id',
      query: true,
      provides: ['PrintConfig'],
    };
    expect([ok, path, method, part, extra, tags, flag]).toHaveLength(7);
  });
});

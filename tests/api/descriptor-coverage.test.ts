// @vitest-environment node
/**
 * Every registered route is a descriptor (core/contract/registry.ts, served through server/platform/endpoint.ts), an
 * engine resource route (resourcePaths() of a registered resource), or in the commented allow-list
 * server/platform/plain-routes.ts with its reason. The route table is enumerated as security-tenant-routes.test.ts
 * does, so a plain route added later fails here until it goes onto a descriptor (or, with a reason, on the list).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_GROUPS } from '../../core/contract/registry.ts';
import { resourcePaths } from '../../core/contract/resource.ts';
import { REGISTERED_RESOURCES } from '../../server/platform/crud/engine.ts';
import { handledEndpoints } from '../../server/platform/endpoint.ts';
import { PLAIN_ROUTES } from '../../server/platform/plain-routes.ts';
import { boot, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await boot();
});
afterAll(async () => {
  await t?.close();
});

const ENGINE_METHOD: Record<string, 'GET' | 'POST'> = {
  page: 'GET',
  list: 'GET',
  selectList: 'GET',
  detail: 'GET',
  submit: 'POST',
  save: 'POST',
  update: 'POST',
  remove: 'POST',
  export: 'GET',
  import: 'POST',
  importTemplate: 'GET',
};

describe('descriptor coverage', () => {
  it('every route is a descriptor, an engine resource route or an allow-listed plain route', () => {
    const registry = new Set(
      Object.values(ENDPOINT_GROUPS).flatMap((g) => Object.values(g).map((e) => `${e.method} ${e.path}`)),
    );
    const engine = new Set(
      [...REGISTERED_RESOURCES.values()].flatMap((def) =>
        Object.entries(resourcePaths(def)).map(([k, p]) => `${ENGINE_METHOD[k]} ${p}`),
      ),
    );
    const routes = [...new Set(t.app.routeTable.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`))];
    const kind = (k: string) =>
      registry.has(k) && handledEndpoints().has(k)
        ? 'descriptor'
        : engine.has(k)
          ? 'engine'
          : PLAIN_ROUTES[k]
            ? 'allowed'
            : 'unlisted';
    const counts = { descriptor: 0, engine: 0, allowed: 0, unlisted: 0 };
    for (const k of routes) counts[kind(k)]++;
    console.log(
      `descriptor coverage: ${routes.length} routes = ${counts.descriptor} descriptors + ${counts.engine} engine resource routes + ${counts.allowed} allow-listed plain routes (+ ${counts.unlisted} unlisted)`,
    );
    expect(routes.length).toBeGreaterThan(500);
    expect(kind('GET /api/izs-demo/new-plain-route')).toBe('unlisted'); // what a new plain route would be
    expect(routes.filter((k) => kind(k) === 'unlisted').sort()).toEqual([]);
    // an allow-list entry that is no longer a plain route (moved onto a descriptor, or gone) must be removed
    expect(Object.keys(PLAIN_ROUTES).filter((k) => !routes.includes(k) || kind(k) !== 'allowed')).toEqual([]);
    for (const [k, why] of Object.entries(PLAIN_ROUTES)) expect(why.length, k).toBeGreaterThan(10);
  });
});

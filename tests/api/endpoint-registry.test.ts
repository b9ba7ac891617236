// @vitest-environment node
/**
 * The descriptor registry and the server agree: every descriptor of core/contract/registry.ts has a handler in the
 * app (registered through server/platform/endpoint.ts), and no two descriptors share a method and path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_GROUPS } from '../../core/contract/registry.ts';
import { handledEndpoints } from '../../server/platform/endpoint.ts';
import { boot, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await boot();
});
afterAll(async () => {
  await t?.close();
});

describe('endpoint registry', () => {
  const all = Object.entries(ENDPOINT_GROUPS).flatMap(([group, list]) =>
    Object.entries(list).map(([name, e]) => ({ id: `${group}.${name}`, key: `${e.method} ${e.path}` })),
  );

  it('every descriptor is served', () => {
    const missing = all.filter((d) => !handledEndpoints().has(d.key));
    expect(missing).toEqual([]);
  });

  it('no two descriptors share a method and path', () => {
    const seen = new Map<string, string>();
    const dupes = all.filter((d) => {
      const other = seen.get(d.key);
      seen.set(d.key, d.id);
      return other !== undefined;
    });
    expect(dupes).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every e2e spec takes `test` and `expect` from tests/e2e/fixtures.ts: that `test` gives each Playwright worker its
 * own server; a spec on '@playwright/test''s `test` would have no baseURL (and no server) at all.
 */
const DIR = 'tests/e2e';

function specsOnBareTest(files: { name: string; text: string }[]): string[] {
  return files
    .filter(({ text }) =>
      [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@playwright\/test'/g)].some((m) =>
        m[1].split(',').some((n) => ['test', 'expect'].includes(n.trim())),
      ),
    )
    .map((f) => f.name);
}

describe('e2e specs', () => {
  it('import test and expect from fixtures.ts', () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.spec.ts'))
      .map((name) => ({ name, text: readFileSync(join(DIR, name), 'utf8') }));
    expect(files.length).toBeGreaterThan(20);
    expect(specsOnBareTest(files)).toEqual([]);
  });

  it('the check names a spec that does not', () => {
    const bad = { name: 'x.spec.ts', text: "import { expect, type Page, test } from '@playwright/test';" };
    const good = { name: 'y.spec.ts', text: "import type { Page } from '@playwright/test';" };
    expect(specsOnBareTest([bad, good])).toEqual(['x.spec.ts']);
  });
});

// @vitest-environment node
/**
 * The copies in this folder must keep the research files' content (sync.ts). The source is the shared folder
 * beside the repository (`<repo>/../shared/data/accounting`, as CI checks it out) or ACCOUNTING_RESEARCH_DIR;
 * a missing source fails the test instead of skipping it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SOURCE_DIR, vendoredName } from './sync.ts';

const sourceDir = process.env.ACCOUNTING_RESEARCH_DIR ?? DEFAULT_SOURCE_DIR;
const here = import.meta.dirname;

describe('research copies', () => {
  it('names copies in kebab-case, CSV as a .csv.ts module', () => {
    expect(vendoredName('coa_small.csv')).toBe('coa-small.csv.ts');
    expect(vendoredName('reports_small.json')).toBe('reports-small.json');
    expect(vendoredName('README.md')).toBe('research-readme.md');
  });

  it('every source file has an identical copy here', async () => {
    expect(existsSync(sourceDir), `research data not found at ${sourceDir} (shared/ beside the repository)`).toBe(true);
    const files = readdirSync(sourceDir);
    expect(files.length).toBeGreaterThanOrEqual(9);
    for (const file of files) {
      const source = readFileSync(join(sourceDir, file), 'utf8');
      const target = join(here, vendoredName(file));
      if (file.endsWith('.csv')) {
        const mod = (await import(/* @vite-ignore */ target)) as { default: string };
        expect(mod.default, file).toBe(source);
      } else if (file.endsWith('.json')) {
        expect(JSON.parse(readFileSync(target, 'utf8')), file).toEqual(JSON.parse(source));
      } else {
        expect(readFileSync(target, 'utf8'), file).toBe(source);
      }
    }
  });
});

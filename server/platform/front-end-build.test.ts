import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureFrontEnd, isBuildFresh, STAMP_FILE, sourceStamp } from './front-end-build.ts';

const roots: string[] = [];
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'ly-stamp-'));
  roots.push(root);
  mkdirSync(join(root, 'core/format'), { recursive: true });
  mkdirSync(join(root, 'dist/entries/admin'), { recursive: true });
  writeFileSync(join(root, 'core/format/a.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'vite.config.ts'), '// config\n');
  writeFileSync(join(root, 'dist/entries/admin/index.html'), '<html></html>');
  return root;
}
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

describe('the front end is built only when its sources changed', () => {
  it('a build stamped with today’s sources is fresh; editing a source makes it stale', () => {
    const root = project();
    const dist = join(root, 'dist');
    expect(isBuildFresh(dist, root)).toBe(false); // no stamp yet
    writeFileSync(join(dist, STAMP_FILE), `${sourceStamp(root)}\n`);
    expect(isBuildFresh(dist, root)).toBe(true);
    writeFileSync(join(root, 'core/format/a.ts'), 'export const a = 2;\n');
    expect(isBuildFresh(dist, root)).toBe(false);
  });

  it('a new source file or a config change changes the stamp; a test file does not', () => {
    const root = project();
    const before = sourceStamp(root);
    writeFileSync(join(root, 'core/format/a.test.ts'), 'it.todo("x");\n');
    expect(sourceStamp(root)).toBe(before);
    writeFileSync(join(root, 'core/format/b.ts'), 'export {};\n');
    const withB = sourceStamp(root);
    expect(withB).not.toBe(before);
    writeFileSync(join(root, 'vite.config.ts'), '// other config\n');
    expect(sourceStamp(root)).not.toBe(withB);
  });

  it('a stamped build without its entry page is not fresh', () => {
    const root = project();
    const dist = join(root, 'dist');
    writeFileSync(join(dist, STAMP_FILE), sourceStamp(root));
    rmSync(join(dist, 'entries'), { recursive: true });
    expect(isBuildFresh(dist, root)).toBe(false);
  });

  it('a fresh build is not rebuilt, and BUILD_ON_START=0 never builds', async () => {
    const root = project();
    const dist = join(root, 'dist');
    writeFileSync(join(dist, STAMP_FILE), sourceStamp(root));
    expect(await ensureFrontEnd(dist, () => {}, root)).toBe('fresh');
    const saved = process.env.BUILD_ON_START;
    process.env.BUILD_ON_START = '0';
    try {
      writeFileSync(join(root, 'core/format/a.ts'), 'export const a = 3;\n');
      expect(await ensureFrontEnd(dist, () => {}, root)).toBe('skipped');
    } finally {
      if (saved === undefined) delete process.env.BUILD_ON_START;
      else process.env.BUILD_ON_START = saved;
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import './zod-jitless.ts';

describe('zod-jitless', () => {
  it('turns the JIT off in the config zod reads', async () => {
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const { z } = await import('zod');
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });

  it('does not import zod (the entries stay free of it until a screen needs it)', () => {
    const source = readFileSync(join(import.meta.dirname, 'zod-jitless.ts'), 'utf8');
    expect(source).not.toMatch(/from\s+['"]zod|import\s*\(\s*['"]zod/);
  });
});

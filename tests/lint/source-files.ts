import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The TypeScript source files below `dir` (tests left out): what the guard tests of this folder count in. */
export function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

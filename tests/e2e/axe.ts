import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's form-name rules over the element `selector` names: the violations as "rule: target". */
export async function axeViolations(page: Page, selector: string): Promise<string[]> {
  // CDP evaluation (the page's CSP allows no injected <script>), once a page: a client-side walk keeps it
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async (sel) => {
    const w = window as unknown as {
      axe: {
        run: (el: Element, o: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const el = document.querySelector(sel);
    if (!el) return [`${sel} not found`];
    const r = await w.axe.run(el, {
      runOnly: { type: 'rule', values: ['label', 'aria-input-field-name', 'select-name', 'button-name'] },
    });
    return r.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  }, selector);
}

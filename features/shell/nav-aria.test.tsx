import { Nav } from '@douyinfe/semi-ui';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepNavAria } from './nav-aria.ts';

beforeAll(() => {
  // jsdom has no ResizeObserver (Semi's Collapsible uses it)
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

const ITEMS = [
  { itemKey: 'a', text: '首页' },
  {
    itemKey: 'dir:b',
    text: '系统管理',
    items: [
      { itemKey: 'b1', text: '用户管理' },
      { itemKey: 'dir:c', text: '日志', items: [{ itemKey: 'c1', text: '接口日志' }] },
    ],
  },
];

/** The ARIA rules Lighthouse failed on the sidebar. */
function violations(root: HTMLElement): string[] {
  const out: string[] = [];
  const owner = (el: Element) => {
    let p = el.parentElement;
    const transparent = (e: Element) => ['none', 'presentation'].includes(e.getAttribute('role') ?? '');
    while (p && p !== root && (transparent(p) || (!p.getAttribute('role') && p.tagName !== 'UL' && p.tagName !== 'OL')))
      p = p.parentElement;
    return p;
  };
  for (const item of root.querySelectorAll('[role=menuitem]')) {
    const role = owner(item)?.getAttribute('role');
    if (!['menu', 'menubar', 'group'].includes(role ?? '')) out.push(`menuitem "${item.textContent}" not in a menu`);
  }
  for (const li of root.querySelectorAll('li[role=none]'))
    for (const a of ['tabindex', 'aria-expanded', 'aria-disabled'])
      if (li.hasAttribute(a)) out.push(`presentational li with ${a}`);
  for (const li of root.querySelectorAll('li:not([role])')) {
    const parent = li.parentElement;
    if (parent?.getAttribute('role') || !['UL', 'OL'].includes(parent?.tagName ?? '')) out.push('li outside a list');
  }
  return out;
}

describe('sidebar menu ARIA', () => {
  it('Semi Nav alone breaks the menu structure; with keepNavAria every menuitem sits in a menu or group', async () => {
    const { container } = render(
      <Nav items={ITEMS} openKeys={['dir:b', 'dir:c']} footer={{ collapseButton: false }} />,
    );
    expect(violations(container).length).toBeGreaterThan(0);
    const stop = keepNavAria(container);
    expect(violations(container)).toEqual([]);
    stop();
  });

  it('sub-menus mounted later are fixed too', async () => {
    const view = render(<Nav items={ITEMS} openKeys={[]} footer={{ collapseButton: false }} />);
    const stop = keepNavAria(view.container);
    view.rerender(<Nav items={ITEMS} openKeys={['dir:b', 'dir:c']} footer={{ collapseButton: false }} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(view.container.querySelectorAll('[role=menuitem]').length).toBeGreaterThanOrEqual(4);
    expect(violations(view.container)).toEqual([]);
    // closing re-renders the wrappers' state attributes: they are taken off again
    view.rerender(<Nav items={ITEMS} openKeys={['dir:b']} footer={{ collapseButton: false }} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(violations(view.container)).toEqual([]);
    stop();
  });
});

import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../contract/blade-system.contract.ts';
import { buildMenu, menuLeaves } from './build-menu.ts';
import { ROUTES } from './routes.ts';

let seq = 0;
const n = (name: string, path: string, extra: Partial<MenuNode> = {}, children?: MenuNode[]): MenuNode => ({
  id: String(++seq),
  parentId: '0',
  code: path,
  name,
  alias: 'menu',
  path,
  source: '',
  sort: seq,
  category: 1,
  action: 0,
  isOpen: 1,
  isHidden: 0,
  children,
  ...extra,
});

const server: MenuNode[] = [
  n('工作台', '/dashboard'),
  n('系统管理', '/system', {}, [
    n('用户列表', '/system/user'), // server name overrides 用户管理
    n('参数管理', '/system/param'), // in the hidden list
    n('不存在的页面', '/system/nope'), // no route
  ]),
  n('空目录', '/empty', {}, [n('隐藏', '/system/dict', { isHidden: 1 })]),
  n('数据大屏', '/visual', {}, [n('数据大屏', '/visual/tax/1'), n('主数据大屏', '/visual/home', { isOpen: 2 })]),
  n('供应链', '/supply-chain', {}, [
    n('过磅与直发', '/supply-chain/weighing', {}, [n('过磅作业', '/supply-chain/loadometer/1')]),
  ]),
  n('系统监控', '/monitor', {}, [n('接口日志', '/monitor/log/api')]),
];

describe('buildMenu — spec §2.10', () => {
  const built = buildMenu(server, ROUTES);

  it('home is first and titled 首页', () => {
    expect(built.menu[0]).toMatchObject({ path: '/dashboard', title: '首页' });
    expect(built.menu.filter((m) => m.path === '/dashboard')).toHaveLength(1);
  });

  it('matches entries by path and lets the server name override the route title', () => {
    const system = built.menu.find((m) => m.path === '/system');
    expect(system?.children?.map((c) => c.title)).toEqual(['用户列表']);
    expect(system?.children?.[0].routePath).toBe('/system/user');
  });

  it('leaves out hidden entries, entries in the hidden list and entries without a route', () => {
    const paths = menuLeaves(built.menu).map((l) => l.item.path);
    expect(paths).not.toContain('/system/param');
    expect(paths).not.toContain('/system/nope');
    expect(paths).not.toContain('/system/dict');
    expect(paths).not.toContain('/monitor/log/api'); // its parent /monitor is in the hidden list
  });

  it('removes parents left without children', () => {
    expect(built.menu.find((m) => m.path === '/empty')).toBeUndefined();
  });

  it('nests children and matches param patterns', () => {
    const sc = built.menu.find((m) => m.path === '/supply-chain');
    expect(sc?.children?.[0].children?.[0]).toMatchObject({
      path: '/supply-chain/loadometer/1',
      routePath: '/supply-chain/loadometer/:id',
    });
  });

  it('keeps full-screen routes apart', () => {
    expect(built.fullScreen.map((m) => m.path)).toEqual(['/visual/tax/1', '/visual/home']);
    expect(built.fullScreen.every((m) => m.newWindow)).toBe(true);
    expect(built.routes.map((m) => m.path)).not.toContain('/visual/home');
    expect(built.routes.map((m) => m.path)).toContain('/system/user');
  });

  it('adds home when the server has none, and drops role-restricted leaves for users without the role', () => {
    const b = buildMenu([n('开放平台', '/open', {}, [n('开放接口', '/open/api')])], ROUTES, [], ['user']);
    expect(b.menu.map((m) => m.path)).toEqual(['/dashboard']);
  });

  it('menuLeaves gives the ancestor titles', () => {
    const leaf = menuLeaves(built.menu).find((l) => l.item.path === '/supply-chain/loadometer/1');
    expect(leaf?.titles).toEqual(['供应链', '过磅与直发', '过磅作业']);
  });
});

import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../core/contract/blade-system.contract.ts';
import { buildMenu, menuLeaves } from '../../core/router/build-menu.ts';
import { buildSearchPool, createSearcher } from './search-pool.ts';

const n = (name: string, path: string, children?: MenuNode[]): MenuNode =>
  ({
    id: path,
    parentId: '0',
    code: path,
    name,
    alias: '',
    path,
    source: '',
    sort: 0,
    category: 1,
    action: 0,
    isOpen: 1,
    children,
  }) as MenuNode;

describe('header search', () => {
  const { menu } = buildMenu([
    n('系统管理', '/system', [n('用户管理', '/system/user'), n('菜单管理', '/system/menu')]),
    n('基础数据', '/base', [n('物料管理', '/base/material'), n('仓库管理', '/base/warehouse')]),
  ]);
  const pool = buildSearchPool(menuLeaves(menu));
  const search = createSearcher(pool);

  it('labels entries as "父级 > 标题"', () => {
    expect(pool.find((p) => p.path === '/system/user')?.label).toBe('系统管理 > 用户管理');
    expect(pool[0].label).toBe('首页');
  });
  it('finds by title', () => {
    expect(search('仓库')[0].path).toBe('/base/warehouse');
  });
  it('finds by path', () => {
    expect(search('material')[0].path).toBe('/base/material');
  });
  it('an empty query gives no options', () => {
    expect(search('  ')).toEqual([]);
  });
});

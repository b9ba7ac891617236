/**
 * The header search without fuse.js in the shell's first load (issue 25): fuse.js comes with search-pool.ts when the
 * input is focused (or the browser is idle); a query typed before it arrives says 搜索中…, and an Enter pressed
 * before it arrives opens the first result when it has.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { MenuNode } from '../../core/contract/blade-system.contract.ts';
import { sessionActions } from '../../core/session/session-slice.ts';
import { createAppStore } from '../../core/store/store.ts';
import { HeaderSearch } from './header-search.tsx';

afterEach(cleanup);

const node = (id: string, name: string, path: string, children?: MenuNode[]): MenuNode => ({
  id,
  parentId: '0',
  code: id,
  name,
  alias: '',
  path,
  source: '',
  sort: Number(id),
  category: 1,
  action: 0,
  isOpen: 1,
  children,
});
const MENU = [
  node('1', '基础资料', '/base', [node('2', '物料管理', '/base/material'), node('3', '地磅管理', '/base/loadometer')]),
];

function mount() {
  const store = createAppStore();
  store.dispatch(sessionActions.menuLoaded(MENU));
  const location = memoryLocation({ path: '/dashboard', record: true });
  render(
    <Provider store={store}>
      <Router hook={location.hook}>
        <HeaderSearch />
      </Router>
    </Provider>,
  );
  return {
    input: screen.getByTestId('header-search').querySelector('input') ?? screen.getByTestId('header-search'),
    location,
  };
}

describe('header search', () => {
  it('finds a menu entry once fuse.js has come, and says 搜索中… before', async () => {
    const { input } = mount();
    fireEvent.change(input, { target: { value: '物料' } });
    expect(screen.getByText('搜索中…')).toBeTruthy(); // not focused yet: fuse.js not asked for
    fireEvent.focus(input);
    expect(await screen.findByRole('option')).toHaveProperty('textContent', '基础资料 > 物料管理');
    expect(screen.queryByText('搜索中…')).toBeNull();
  });

  it('an Enter pressed before fuse.js arrived opens the first result when it has', async () => {
    const { input, location } = mount();
    fireEvent.change(input, { target: { value: '物料' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    fireEvent.focus(input);
    // navigate() records the route at once; the cleared box is the render that follows it
    await waitFor(() => {
      expect(location.history.at(-1)).toBe('/base/material');
      expect((input as HTMLInputElement).value).toBe('');
    });
  });
});

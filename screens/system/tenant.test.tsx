import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HIDDEN_SIDEBAR_PATHS } from '../../core/router/menu-tree.ts';
import { createAppStore } from '../../core/store/store.ts';
import { stubResizeObserver } from '../../features/crud/test-stubs.ts';
import TenantScreen from './tenant.tsx';

stubResizeObserver();

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('租户管理 (/system/tenant, issue 22)', () => {
  it('is kept off the sidebar (spec §2.10; reachable by URL: entries/admin/screens.test.ts)', () => {
    expect(HIDDEN_SIDEBAR_PATHS).toContain('/system/tenant');
  });

  it('lists the tenants from tenant/page with their Chinese columns', async () => {
    const urls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      urls.push(url);
      if (url.includes('/blade-system/tenant/page')) {
        return ok({
          records: [
            {
              id: '1900000000000000009',
              tenantId: '200002',
              tenantName: '第二家再生资源公司',
              domain: '',
              linkman: '',
              contactNumber: '',
              address: '',
              status: 1,
              createTime: '2026-11-20 08:00:00',
              updateTime: '2026-11-20 08:00:00',
            },
          ],
          total: 1,
          size: 10,
          current: 1,
          pages: 1,
        });
      }
      return ok([]);
    });
    render(
      <Provider store={createAppStore({ persist: false })}>
        <TenantScreen />
      </Provider>,
    );
    expect(await screen.findByText('第二家再生资源公司')).toBeTruthy();
    expect(screen.getAllByText('租户名称').length).toBeGreaterThan(0);
    expect(urls.some((u) => u.includes('/api/blade-system/tenant/page'))).toBe(true);
  });
});

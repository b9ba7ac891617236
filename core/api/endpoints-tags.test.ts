/**
 * The tags descriptors generate (core/api/endpoints.ts injectDescriptors), against the real store with fetch stubbed:
 * BIZ_VOUCHER.moneyRecords provides 'Fin', moneyGenerate invalidates it, so the 收付款生成凭证 list refreshes itself
 * after a generation (no hand refetch). RTK's default invalidationBehavior 'delayed' holds the refetch while any
 * other query of the slice is still in flight — the only case where the list waits.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../store/store.ts';
import { bizVoucherApi } from './izs-financing-biz.api.ts';

const calls: string[] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
});

describe('descriptor tags', () => {
  it('RTK delays the invalidation while another query of the slice is in flight (invalidationBehavior delayed)', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input);
        calls.push(url);
        if (url.includes('documents')) await gate;
        return new Response(JSON.stringify({ code: 200, success: true, data: [], msg: '操作成功' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const store = createAppStore();
    const sub = store.dispatch(
      bizVoucherApi.endpoints.bizVoucherMoneyRecords.initiate({ period: '2026-11', kind: '', state: 'open' }),
    );
    await sub;
    const slow = store.dispatch(bizVoucherApi.endpoints.bizVoucherDocuments.initiate({ period: '2026-11' }));
    await store.dispatch(bizVoucherApi.endpoints.bizVoucherMoneyGenerate.initiate({ ids: ['1'] }));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((u) => u.includes('records'))).toHaveLength(1);
    release();
    await slow;
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((u) => u.includes('records'))).toHaveLength(2);
    sub.unsubscribe();
    slow.unsubscribe();
  });

  it('a descriptor mutation invalidating Fin refetches a descriptor query providing Fin', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input);
        calls.push(url);
        return new Response(JSON.stringify({ code: 200, success: true, data: [], msg: '操作成功' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const store = createAppStore();
    const sub = store.dispatch(
      bizVoucherApi.endpoints.bizVoucherMoneyRecords.initiate({ period: '2026-11', kind: '', state: 'open' }),
    );
    await sub;
    const before = calls.filter((u) => u.includes('records')).length;
    await store.dispatch(bizVoucherApi.endpoints.bizVoucherMoneyGenerate.initiate({ ids: ['1'] }));
    await new Promise((r) => setTimeout(r, 50));
    const after = calls.filter((u) => u.includes('records')).length;
    expect(Object.keys(store.getState().api.provided.tags)).toContain('Fin');
    expect(after).toBe(before + 1);
    sub.unsubscribe();
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';

const error = vi.fn();
vi.mock('@douyinfe/semi-ui', () => ({ Toast: { error, warning: vi.fn(), success: vi.fn() } }));

const { FALLBACK_ERROR, notifyError } = await import('./notify.ts');

describe('error toasts (spec §8)', () => {
  beforeEach(() => error.mockClear());

  it("an error with no message of its own shows the generic fallback 'Has Error' for 3 s", () => {
    expect(FALLBACK_ERROR).toBe('Has Error');
    for (const m of ['', '   ', undefined, null]) notifyError(m);
    expect(error.mock.calls.map((c) => c[0])).toEqual(Array(4).fill({ content: 'Has Error', duration: 3 }));
  });

  it('a message is shown as it is', () => {
    notifyError('供应商不存在');
    expect(error).toHaveBeenCalledWith({ content: '供应商不存在', duration: 3 });
  });
});

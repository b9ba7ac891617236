import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StompLike } from './scale-link.ts';
import { useScaleLink } from './use-scale-link.ts';
import { WeightDisplay } from './weight-display.tsx';

class Fake implements StompLike {
  onConnect: (f: unknown) => void = () => undefined;
  onStompError: (f: { headers: Record<string, string>; body: string }) => void = () => undefined;
  onWebSocketError: (e: unknown) => void = () => undefined;
  onWebSocketClose: (e: unknown) => void = () => undefined;
  subs = new Map<string, (m: { body: string }) => void>();
  activate() {}
  deactivate() {}
  subscribe(d: string, cb: (m: { body: string }) => void) {
    this.subs.set(d, cb);
    return {};
  }
}

let fakes: Fake[] = [];
const createClient = () => {
  const f = new Fake();
  fakes.push(f);
  return f;
};

function Station() {
  const s = useScaleLink({ createClient });
  return (
    <>
      <WeightDisplay title="1号地磅" weight={s.weight} status={s.status} car={s.car} onReset={s.reset} />
      <span data-testid="parsed">{s.parsedData}</span>
    </>
  );
}

beforeEach(() => {
  fakes = [];
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useScaleLink + WeightDisplay', () => {
  it('shows dashes until connected, then the debounced weight, stability, tonnes and plate', () => {
    render(<Station />);
    expect(screen.getByTestId('weight-digits').textContent).toBe('------');
    expect(screen.getByRole('status').textContent).toBe('正在连接插件…');
    act(() => fakes[0].onConnect({}));
    expect(screen.getByRole('status').textContent).toBe('插件已连接');
    act(() => {
      fakes[0].subs.get('/topic/weight')?.({ body: JSON.stringify({ value: '35260', unit: 'kg', stable: false }) });
    });
    expect(screen.getByTestId('weight-digits').textContent).toBe('------'); // debounced
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByTestId('weight-digits').textContent).toBe('35260');
    expect(screen.getByTestId('parsed').textContent).toBe('35260');
    expect(screen.getByTestId('weight-stable').textContent).toBe('波动中');
    expect(screen.getByText('35.260 吨')).toBeTruthy();
    act(() => {
      fakes[0].subs.get('/topic/weight')?.({ body: JSON.stringify({ value: '35280', unit: 'kg', stable: true }) });
      fakes[0].subs.get('/topic/car')?.({ body: JSON.stringify({ carNumber: '苏E12345', color: '黄' }) });
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByTestId('weight-digits').textContent).toBe('35280');
    expect(screen.getByTestId('weight-stable').textContent).toBe('稳定');
    expect(screen.getByTestId('weight-stable').className).toContain('ly-weight__stable--on');
    expect(screen.getByTestId('weight-car').textContent).toBe('车牌 苏E12345 (黄)');
  });

  it('on failure shows 插件通讯失败 with 重新连接, which reconnects', () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    render(<Station />);
    act(() => fakes[0].onWebSocketError({}));
    expect(screen.getByRole('status').textContent).toBe('插件通讯失败');
    expect(screen.getByTestId('weight-digits').textContent).toBe('------');
    fireEvent.click(screen.getByRole('button', { name: '重新连接' }));
    expect(fakes).toHaveLength(2);
    act(() => fakes[1].onConnect({}));
    expect(screen.getByRole('status').textContent).toBe('插件已连接');
    expect(screen.queryByRole('button', { name: '重新连接' })).toBeNull();
  });
});

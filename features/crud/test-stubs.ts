/** jsdom lacks ResizeObserver (Semi's Select, Table and TextArea observe their size); a no-op is enough in tests. */
export function stubResizeObserver(): void {
  if (typeof globalThis.ResizeObserver !== 'undefined') return;
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// jsdom has no canvas; lottie-web (reached through the Semi barrel) calls getContext at import time.
// Only installed in a DOM environment; server tests run with `// @vitest-environment node`.
if (typeof HTMLCanvasElement !== 'undefined') {
  const noop = () => {};
  const ctx = new Proxy(
    {},
    {
      get: (_t, k) =>
        k === 'canvas' ? document.createElement('canvas') : k === 'measureText' ? () => ({ width: 0 }) : noop,
      set: () => true,
    },
  );
  HTMLCanvasElement.prototype.getContext = (() => ctx) as unknown as HTMLCanvasElement['getContext'];
}

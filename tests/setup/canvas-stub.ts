import { afterAll } from 'vitest';

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

// lottie-web also polls document.readyState every 100 ms from its import until the first poll sees 'complete'
// (jsdom's is). A test file that imports it and ends sooner has its jsdom torn down before that poll, which then
// throws "document is not defined" as an unhandled error. Such a short file waits for the first poll.
if (typeof document !== 'undefined') {
  const started = Date.now();
  afterAll(async () => {
    const left = 250 - (Date.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  });
}

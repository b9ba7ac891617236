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
// (jsdom's is). A test file that imports it and ends before that poll has its jsdom torn down first, and the poll
// then throws "document is not defined" as an unhandled error. Measuring from the setup file was not enough: under
// CI load the Semi barrel (and lottie with it) was imported more than 250 ms after setup, so the wait was skipped.
// The setup file therefore imports lottie itself (the same CommonJS instance Semi requires later), so its first
// poll is due 100 ms from here, and every file waits until that poll has run (timers fire in due order).
if (typeof document !== 'undefined') {
  await import('lottie-web');
  const started = Date.now();
  afterAll(async () => {
    const left = 150 - (Date.now() - started);
    await new Promise((resolve) => setTimeout(resolve, Math.max(left, 0)));
  });
}

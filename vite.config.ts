/// <reference types="vitest/config" />
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// DESIGN §1: four HTML entries in one build. The output keeps each entry at dist/entries/<name>/index.html;
// the server serves them on their URL spaces with history fallback.
const entries = ['admin', 'visual', 'print', 'trace'];

export default defineConfig({
  plugins: [react()],
  base: '/',
  server: { proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true }, '/oss': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    manifest: true,
    rolldownOptions: {
      // Semi's barrel reaches @mdx-js/hast-util-to-estree, whose '' directives rolldown warns about; harmless.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        // lottie-web (also via the Semi barrel) uses direct eval in expressions we never load
        if (warning.code === 'EVAL' && String(warning.id ?? warning.message).includes('lottie-web')) return;
        warn(warning);
      },
      input: Object.fromEntries(entries.map((e) => [e, resolve(import.meta.dirname, `entries/${e}/index.html`)])),
      // stack notes §4: pin only react and redux into shared chunks; forcing all of Semi into one chunk bloats trace.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            {
              name: 'redux',
              test: /node_modules[\\/](@reduxjs|react-redux|redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['{core,features,screens,print,entries,server}/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'],
    setupFiles: ['tests/setup/canvas-stub.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCb } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { configDefaults } from 'vitest/config';
import { STAMP_FILE, sourceStamp } from './server/platform/front-end-build.ts';

// DESIGN §1: four HTML entries in one build. The output keeps each entry at dist/entries/<name>/index.html;
// the server serves them on their URL spaces with history fallback.
const entries = ['admin', 'visual', 'print', 'trace'];

/** The server's, the tools' and the API's test files (Node, no jsdom). */
const SERVER_TESTS = [
  '{server,tools}/**/*.test.{ts,tsx}',
  'tests/api/**/*.test.ts',
  'tests/contract/**/*.test.ts',
  'tests/lint/**/*.test.ts',
];
/** Server test files that change process-wide state (process.env): each in a process of its own. */
const OWN_PROCESS = [
  'server/platform/front-end-build.test.ts',
  'tests/api/addresses.test.ts',
  // it times the event loop during an import: no other file's leftovers may share its process
  'tests/api/files-worker.test.ts',
  'tests/api/gps-gateway.test.ts',
  'tests/api/gps-seams.test.ts',
  'tests/api/logistics.test.ts',
  'tests/api/open-platform.test.ts',
  'tests/api/scale-bridge-browser-link.test.ts',
];

/**
 * Browser test files that replace a module with vi.mock: each gets a module graph of its own. In the shared graph
 * (isolate: false) a module an earlier file loaded stays loaded, so a mock of what it imports never reaches it
 * (CI, stop 29: notify.test mocked Semi's Toast after a screen file had loaded notify.ts with the real one).
 */
const BROWSER_MOCKING = ['core', 'features', 'screens', 'print', 'entries'].flatMap(function testFiles(
  dir: string,
): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(p);
    return /\.test\.tsx?$/.test(e.name) && readFileSync(p, 'utf8').includes('vi.mock(') ? [p] : [];
  });
});

/**
 * Writes `.br` and `.gz` beside every text asset of the build; the server serves them (@fastify/static
 * preCompressed) to browsers that accept them. Yards often sit on slow links: admin's first load is ~3× smaller.
 * Brotli at quality 6, not 9: 2 % larger files for a fifth of the time (11.7 MB of assets: 2.4 s instead of 12.8 s,
 * the largest part of a first `npm start`, issue 25); both codecs run on zlib's thread pool, side by side.
 */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
  const brotli = promisify(brotliCompress);
  const gzip = promisify(gzipCb);
  return {
    name: 'loopyard-precompress',
    apply: 'build',
    async closeBundle() {
      const out = resolve(import.meta.dirname, 'dist');
      const files = walk(out).filter((f) => /\.(js|css|html|svg|json)$/.test(f) && statSync(f).size >= 1024);
      await Promise.all(
        files.map(async (file) => {
          const buf = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
            gzip(buf, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/** dist/.source-stamp: which sources this build is of (`npm start` skips the build when they are unchanged). */
function sourceStampFile(): Plugin {
  return {
    name: 'loopyard-source-stamp',
    apply: 'build',
    closeBundle() {
      writeFileSync(resolve(import.meta.dirname, 'dist', STAMP_FILE), `${sourceStamp()}\n`);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), sourceStampFile()],
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
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves one core idle (os.availableParallelism() − 1): one worker on a 2-core CI machine. The
    // test files are single-threaded (one PGlite or one PostgreSQL connection each), so every core runs one.
    maxWorkers: Math.max(1, availableParallelism()),
    // the transformed modules kept on disk (node_modules/.experimental-vitest-cache, dropped with a new install): the
    // PostgreSQL pass of `npm test` reuses what the PGlite pass transformed — measured on the 96 API files, transform
    // 8.8 → 2.6 s and import 19.1 → 12.4 s (summed over the workers), 117 → 112 s (issue 23's loop)
    experimental: { fsModuleCache: true },
    // Two kinds of test file: the browser's code in jsdom, the server's and the API's in plain Node (a jsdom window
    // per API file cost ~1 s each and nothing there uses it). A file may still ask for the other with
    // `// @vitest-environment …`.
    projects: [
      {
        extends: true,
        test: {
          name: 'browser code',
          environment: 'jsdom',
          include: ['{core,features,screens,print,entries}/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...BROWSER_MOCKING],
          setupFiles: ['tests/setup/canvas-stub.ts'],
          // one jsdom window and one import of React/Semi a worker, not a file (issue 23's loop): the 109 files took
          // 814 s alone at load 12 (environment 784 s, import 382 s summed), 156 s and 139 s (shuffled order) with
          // the files of a worker sharing their process; Testing Library unmounts after each test, and Vitest still
          // keeps each file's vi.mock to that file — but not a mock's reach into modules already loaded, so the files
          // that mock run apart (BROWSER_MOCKING)
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser code (own modules)',
          environment: 'jsdom',
          include: BROWSER_MOCKING,
          setupFiles: ['tests/setup/canvas-stub.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server and API',
          environment: 'node',
          include: SERVER_TESTS,
          exclude: [...configDefaults.exclude, ...OWN_PROCESS],
          // the files of a worker share one process and its loaded modules (issue 23's loop): importing the server
          // (~1,000 modules) once a worker instead of once a file took the import time of six API files from 280 s
          // to 86 s. Each file still boots its own app on its own database (tests/api/helpers.ts), and module-level
          // caches are keyed by database (auth, row counts, API scopes) or by a version no other database can hold
          // (book charts); what a file does to process-wide state (process.env) is kept to OWN_PROCESS.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'server and API (own process)', environment: 'node', include: OWN_PROCESS },
      },
    ],
  },
});

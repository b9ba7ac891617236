/**
 * The entries run under a Content-Security-Policy without 'unsafe-eval' (server/platform/security-headers.ts).
 * zod compiles object parsers with `new Function` when it may, and probes for it on the first parse — a CSP
 * violation in the browser. Importing this module first in an entry turns that off: zod parses without the JIT
 * (the server keeps it). Side-effect module: `import '../../core/csp/zod-jitless.ts'`.
 *
 * It sets zod's global config object without importing zod: zod keeps its config on `globalThis.__zod_globalConfig`
 * and adopts an object already there (zod/v4/core/core.js), so the entry stays free of zod until a screen needs it
 * (the first loads of issues 16 and 25) — and a zod loaded earlier still sees the flag (the same object).
 * zod-jitless.test.ts checks that zod reads it.
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
g.__zod_globalConfig ??= {};
g.__zod_globalConfig.jitless = true;

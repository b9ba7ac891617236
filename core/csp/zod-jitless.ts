/**
 * The entries run under a Content-Security-Policy without 'unsafe-eval' (server/platform/security-headers.ts).
 * zod compiles object parsers with `new Function` when it may, and probes for it on the first parse — a CSP
 * violation in the browser. Importing this module first in an entry turns that off: zod parses without the JIT
 * (the server keeps it). Side-effect module: `import '../../core/csp/zod-jitless.ts'`.
 */
import { config } from 'zod/v4/core';

// the core's config only (the same global object as z.config), so the entry does not carry zod's schema builders
config({ jitless: true });

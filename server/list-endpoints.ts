/**
 * `npm run endpoints [text]`: every descriptor endpoint — method, path, summary, button — and the file:line of the
 * handler that serves it, filtered by `text` (a path or summary fragment). Builds the app on an empty, migrated
 * in-memory database (no seed; start-up hooks may query their tables) so the table is what the server really registers.
 */
import { grantCodes } from '../core/contract/endpoint.ts';
import { ENDPOINT_GROUPS } from '../core/contract/registry.ts';
// biome-ignore lint/style/noRestrictedImports: a process entry point runs the app
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, runMigrations } from './db/client.ts';
import { handlerLocations } from './platform/endpoint.ts';

const filter = (process.argv[2] ?? '').toLowerCase();
const database = await openDatabase('memory');
await runMigrations(database);
const app = await buildApp({ database, config: loadConfig({}), jwtSecret: 'list-endpoints-only-0123456789abcdef' });
await app.ready();
const where = handlerLocations();
const rows = Object.entries(ENDPOINT_GROUPS).flatMap(([group, list]) =>
  Object.entries(list).map(([name, e]) => {
    const key = `${e.method} ${e.path}`;
    const button = e.permission ? grantCodes(e.permission).join('|') : '';
    return { key, hook: `${group}.${name}`, summary: e.summary, button, handler: where.get(key) ?? 'NOT SERVED' };
  }),
);
for (const r of rows.filter((x) => !filter || `${x.key} ${x.summary}`.toLowerCase().includes(filter))) {
  console.log(`${r.key}\n    ${r.summary}  [${r.hook}${r.button ? `; ${r.button}` : ''}]\n    → ${r.handler}`);
}
await app.close();
await database.close();

import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations; the server applies them at start (server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});

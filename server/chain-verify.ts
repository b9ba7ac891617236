/**
 * `npm run chain:verify`: recomputes every tenant's trace chain (server/platform/trace-chain) on the configured
 * database (DATA_DIR or DATABASE_URL, as `npm start`) and names the first broken block. Exit code 1 when a chain
 * is broken. Stop the server first on PGlite (one process per data directory).
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { chainBlock } from './db/schema/index.ts';
import { traceChain } from './platform/trace-chain/chain.ts';

const config = loadConfig(process.env);
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
let broken = 0;
try {
  const tenants = await database.db.selectDistinct({ tenantId: chainBlock.tenantId }).from(chainBlock);
  if (!tenants.length) console.log('溯源链为空');
  for (const { tenantId } of tenants) {
    const r = await traceChain().verify(database.db, tenantId);
    console.log(`${r.ok ? '✓' : '✗'} 租户 ${tenantId}：${r.reason}`);
    if (!r.ok) broken++;
  }
} finally {
  await database.close();
}
process.exit(broken ? 1 : 0);

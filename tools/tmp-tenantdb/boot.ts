import { openDatabase } from '../../server/db/client.ts';
import { prepareDatabase } from '../../server/main.ts';
import { testConfig } from '../../tests/api/helpers.ts';
const t0 = Date.now();
const database = await openDatabase(process.argv[2] ? { databaseUrl: process.argv[2] } : 'memory');
try {
  await prepareDatabase(database, testConfig({}));
  console.log('prepared', Date.now() - t0);
} catch (e) {
  console.log('FAILED', Date.now() - t0, e);
}
await database.close();

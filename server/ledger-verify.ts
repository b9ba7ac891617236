/**
 * `npm run ledger:verify`: recomputes the maintained period sums (izs_fin_period_sum, issue 25) of every book from
 * the voucher lines on the configured database (DATA_DIR or DATABASE_URL, as `npm start`) and names every group that
 * differs; exit code 1 when one does. `npm run ledger:verify -- --rebuild` rewrites them from the lines first (one
 * transaction). Stop the server first on PGlite (one process per data directory).
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { diffPeriodSums, rebuildPeriodSums } from './modules/izs-financing/period-sums.ts';

const config = loadConfig(process.env);
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
let bad = 0;
try {
  if (process.argv.includes('--rebuild')) {
    const n = await database.db.transaction((tx) => rebuildPeriodSums(tx));
    console.log(`已按凭证分录重建期间汇总 ${n} 组 / period sums rebuilt: ${n} groups`);
  }
  const diffs = await diffPeriodSums(database.db);
  for (const d of diffs) {
    console.log(
      `✗ 账套 ${d.accountSetId} 科目 ${d.accountCode}${d.auxKey ? ` 辅助 ${d.auxKey}` : ''} ${d.period}` +
        `${d.carryForward ? ' 结转' : ''}${d.posted ? ' 已过账' : ' 未过账'}：分录 借 ${d.lines.debit} 贷 ${d.lines.credit} ` +
        `(${d.lines.count} 行)，汇总 借 ${d.kept.debit} 贷 ${d.kept.credit} (${d.kept.count} 行)`,
    );
  }
  bad = diffs.length;
  console.log(
    bad ? `期间汇总与凭证分录不符：${bad} 组` : '✓ 期间汇总与凭证分录一致 / period sums match the voucher lines',
  );
} finally {
  await database.close();
}
process.exit(bad ? 1 : 0);

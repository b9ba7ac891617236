/**
 * Demo base data for a Chinese scrap yard (SEED_DEMO): material categories and materials (GB/T grades of scrap
 * steel, copper, aluminium, paper, plastics, e-waste), warehouses, weighbridges, cameras, parties, banks,
 * expense items, salesmen, organisation profile, per-dept configs, stock weigh orders, quotes, staff.
 * (Print settings belong to the print module and are seeded there.)
 */
import { lastDay } from '../../core/accounting/period.ts';
import type { Tx } from '../db/client.ts';
import { materialQuotesOrder, pageConfig, staff } from '../db/schema/index.ts';
import { today } from '../platform/time.ts';
import { auditOf, type BaseSeedContext } from './base-context.ts';
import { seedMaterials } from './base-materials.ts';
import { seedPartiesAndOrg } from './base-parties.ts';
import { seedYardSites } from './base-sites.ts';

export type { BaseSeedContext } from './base-context.ts';

/** The parts run in this order: ids are drawn in it. */
export async function seedBaseData(tx: Tx, c: BaseSeedContext): Promise<void> {
  const { audit, inCompany } = auditOf(c);
  const mats = await seedMaterials(tx, c);
  const wh = await seedYardSites(tx, c, mats);
  await seedPartiesAndOrg(tx, c, wh);

  const m = (code: string) => mats.find((x) => x.code === code)?.id ?? null;
  // the quotes in force this month (in the server's zone), so the quote screens have a price on any day
  const month = today(process.env.TZ || 'Asia/Shanghai').slice(0, 7);
  const quoteNo = `BJ${month.replace('-', '')}`;
  await tx.insert(materialQuotesOrder).values([
    {
      ...inCompany,
      code: `${quoteNo}01`,
      materialId: m('WL0001'),
      quoteType: 'purchase',
      price: '2650.00',
      priceUnit: 'yuan_per_tonne',
      effectiveStart: `${month}-01`,
      effectiveEnd: lastDay(month),
    },
    {
      ...inCompany,
      code: `${quoteNo}02`,
      materialId: m('WL0005'),
      quoteType: 'purchase',
      price: '62500.00',
      priceUnit: 'yuan_per_tonne',
      effectiveStart: `${month}-01`,
      effectiveEnd: lastDay(month),
    },
  ]);

  await tx.insert(staff).values([
    {
      ...audit,
      deptId: c.depts.weigh ?? c.depts.company,
      jobNumber: 'YG001',
      name: '李过磅',
      sex: 2,
      postId: c.postIds[1] ?? null,
      phone: '13800000002',
      idNumber: '33020619900101002X',
      entryDate: '2023-03-01',
    },
    {
      ...audit,
      deptId: c.depts.store ?? c.depts.company,
      jobNumber: 'YG002',
      name: '赵仓管',
      sex: 1,
      postId: null,
      phone: '13800000003',
      idNumber: '330206198805050031',
      entryDate: '2022-07-15',
    },
  ]);

  await tx.insert(pageConfig).values({
    ...inCompany,
    pageCode: 'base_material',
    pageName: '物料管理',
    config: JSON.stringify({ pageSize: 20, hiddenColumns: ['gbCode'] }),
  });
}

/** Demo parties, banks, expense items, salesmen, the organisation profile and the per-dept configs (split from base.ts). */
import type { Tx } from '../db/client.ts';
import {
  bank,
  businessConfig,
  financeConfig,
  financialExpenses,
  orgManage,
  relatedParty,
  salesman,
} from '../db/schema/index.ts';
import { auditOf, type BaseSeedContext } from './base-context.ts';

export async function seedPartiesAndOrg(
  tx: Tx,
  c: BaseSeedContext,
  wh: (code: string) => string | null,
): Promise<void> {
  const { audit, inCompany } = auditOf(c);

  await tx.insert(relatedParty).values([
    {
      ...inCompany,
      code: 'GYS001',
      name: '宁波北仑鑫达拆解有限公司',
      type: 'supplier',
      contact: '陈建国',
      phone: '13905740011',
      taxpayerId: '91330206MA2GQ1XY3K',
      regionCode: '330206',
      address: '宁波市北仑区大碶街道联合路18号',
      bankName: '中国工商银行宁波北仑支行',
      bankAccount: '3901140009000123456',
    },
    {
      ...inCompany,
      code: 'GYS002',
      name: '个体回收户-王师傅',
      type: 'supplier',
      contact: '王永福',
      phone: '13777880022',
    },
    {
      ...inCompany,
      code: 'KH001',
      name: '宁波钢铁有限公司',
      type: 'customer',
      contact: '采购部 刘工',
      phone: '0574-86890000',
      taxpayerId: '91330200717208962L',
      regionCode: '330206',
      address: '宁波市北仑区临港二路168号',
      bankName: '中国银行宁波分行',
      bankAccount: '351058300001',
    },
    {
      ...inCompany,
      code: 'KH002',
      name: '浙江海亮铜业股份有限公司',
      type: 'both',
      contact: '孙经理',
      phone: '0575-87060000',
      taxpayerId: '913306817125719548',
    },
    {
      ...inCompany,
      code: 'WL001',
      name: '宁波顺丰重载物流有限公司',
      type: 'logistics',
      contact: '周调度',
      phone: '13606741234',
    },
  ]);

  await tx.insert(bank).values([
    {
      ...inCompany,
      bankName: '中国工商银行宁波北仑支行',
      accountName: '绿循再生资源有限公司',
      bankAccount: '3901140009000888888',
      bankCode: '102332014000',
      isDefault: 1,
    },
    {
      ...inCompany,
      bankName: '中国农业银行宁波分行',
      accountName: '绿循再生资源有限公司',
      bankAccount: '39155001040012345',
      bankCode: '103332015508',
    },
  ]);

  await tx.insert(financialExpenses).values([
    { ...audit, deptId: c.depts.company, code: 'FY01', name: '运输费', category: 'transport' },
    { ...audit, deptId: c.depts.company, code: 'FY02', name: '装卸费', category: 'purchase' },
    { ...audit, deptId: c.depts.company, code: 'FY03', name: '过磅费', category: 'purchase' },
    { ...audit, deptId: c.depts.company, code: 'FY04', name: '分拣加工费', category: 'sale' },
    { ...audit, deptId: c.depts.company, code: 'FY05', name: '环保处置费', category: 'admin' },
  ]);

  await tx.insert(salesman).values([
    { ...audit, deptId: c.depts.purchase ?? c.depts.company, code: 'YW001', name: '张采购', phone: '13800000101' },
    { ...audit, deptId: c.depts.sale ?? c.depts.company, code: 'YW002', name: '刘销售', phone: '13800000102' },
  ]);

  await tx.insert(orgManage).values({
    ...inCompany,
    name: '绿循再生资源有限公司',
    creditCode: '91330206MA2H8LX01P',
    legalPerson: '林绿循',
    phone: '0574-86880000',
    regionCode: '330206',
    address: '浙江省宁波市北仑区再生资源产业园8号',
  });

  await tx.insert(businessConfig).values({ ...inCompany, defaultWarehouseId: wh('CK01') });
  await tx.insert(financeConfig).values({ ...inCompany, taxNature: '1' });
}

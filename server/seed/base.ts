/**
 * Demo base data for a Chinese scrap yard (SEED_DEMO): material categories and materials (GB/T grades of scrap
 * steel, copper, aluminium, paper, plastics, e-waste), warehouses, weighbridges, cameras, parties, banks,
 * expense items, salesmen, organisation profile, per-dept configs, stock weigh orders, quotes, staff.
 * (Print settings belong to the print module and are seeded there.)
 */
import type { Tx } from '../db/client.ts';
import {
  bank,
  businessConfig,
  cameras,
  financeConfig,
  financialExpenses,
  material,
  materialCategory,
  materialQuotesOrder,
  orgManage,
  pageConfig,
  relatedParty,
  salesman,
  staff,
  stockWeighOrder,
  warehouse,
  weighbridge,
} from '../db/schema/index.ts';

export interface BaseSeedContext {
  tenantId: string;
  /** company, branch, purchase, sale, weigh, finance, station, store */
  depts: Record<string, string>;
  adminId: string;
  postIds: string[];
}

const CATEGORIES: [string, string, [string, string][]][] = [
  [
    'FE',
    '黑色金属',
    [
      ['FE01', '重废'],
      ['FE02', '中废'],
      ['FE03', '统料'],
      ['FE04', '铁屑'],
    ],
  ],
  [
    'NF',
    '有色金属',
    [
      ['NF01', '废铜'],
      ['NF02', '废铝'],
      ['NF03', '废不锈钢'],
      ['NF04', '废铅'],
    ],
  ],
  [
    'PA',
    '废纸',
    [
      ['PA01', '黄板纸'],
      ['PA02', '书页纸'],
    ],
  ],
  [
    'PL',
    '废塑料',
    [
      ['PL01', 'PET瓶片'],
      ['PL02', 'PP/PE杂料'],
    ],
  ],
  [
    'EW',
    '电子废弃物',
    [
      ['EW01', '废电路板'],
      ['EW02', '废旧家电'],
    ],
  ],
];

/** code, name, sub-category code, spec, unit, price (元 per that unit: 元/吨 or 元/千克), deduct rate %, GB solid-waste code, hazardous */
const MATERIALS: [string, string, string, string, string, string, string, string, number][] = [
  ['WL0001', '重废钢', 'FE01', '厚度≥6mm', 't', '2650.00', '1.50', 'SW17', 0],
  ['WL0002', '中型废钢', 'FE02', '厚度3-6mm', 't', '2480.00', '2.00', 'SW17', 0],
  ['WL0003', '统料破碎料', 'FE03', '混合统料', 't', '2300.00', '3.00', 'SW17', 0],
  ['WL0004', '钢屑', 'FE04', '车床铁屑', 't', '1980.00', '5.00', 'SW17', 0],
  ['WL0005', '光亮铜', 'NF01', '1#铜线', 't', '62500.00', '0.50', 'SW17', 0],
  ['WL0006', '黄杂铜', 'NF01', '黄铜件', 't', '43800.00', '1.00', 'SW17', 0],
  ['WL0007', '生铝', 'NF02', '铸铝件', 't', '13600.00', '2.00', 'SW17', 0],
  ['WL0008', '熟铝', 'NF02', '型材铝', 't', '15200.00', '1.00', 'SW17', 0],
  ['WL0009', '304不锈钢', 'NF03', '304边角料', 't', '8900.00', '1.00', 'SW17', 0],
  ['WL0010', '废铅酸蓄电池', 'NF04', '汽车电瓶', 't', '9200.00', '0.00', 'HW31', 1],
  ['WL0011', '黄板纸', 'PA01', 'AA级', 't', '1650.00', '3.00', 'SW17', 0],
  ['WL0012', '书页纸', 'PA02', '白纸书本', 't', '1900.00', '2.00', 'SW17', 0],
  ['WL0013', 'PET瓶片', 'PL01', '白色瓶片', 't', '3800.00', '4.00', 'SW17', 0],
  ['WL0014', 'PP/PE杂料', 'PL02', '混色杂料', 't', '2100.00', '6.00', 'SW17', 0],
  ['WL0015', '废电路板', 'EW01', '电脑主板', 'kg', '32.00', '0.00', 'HW49', 1],
  // a scrap fridge is weighed and priced by the kilogram like everything crossing the weighbridge (about 50 kg)
  ['WL0016', '废旧冰箱', 'EW02', '整机', 'kg', '1.60', '0.00', 'SW17', 0],
];

export async function seedBaseData(tx: Tx, c: BaseSeedContext): Promise<void> {
  const T = c.tenantId;
  const audit = { tenantId: T, createUser: c.adminId, updateUser: c.adminId, createDept: c.depts.company };
  const inCompany = { ...audit, deptId: c.depts.company };
  const inBranch = { ...audit, deptId: c.depts.branch ?? c.depts.company };

  const catIds: Record<string, string> = {};
  let sort = 0;
  for (const [code, name, children] of CATEGORIES) {
    const [p] = await tx
      .insert(materialCategory)
      .values({ ...inCompany, parentId: '0', code, name, sort: ++sort })
      .returning({ id: materialCategory.id });
    catIds[code] = p.id;
    const kids = await tx
      .insert(materialCategory)
      .values(children.map(([cc, cn], i) => ({ ...inCompany, parentId: p.id, code: cc, name: cn, sort: i + 1 })))
      .returning({ id: materialCategory.id, code: materialCategory.code });
    for (const k of kids) catIds[k.code] = k.id;
  }
  const mats = await tx
    .insert(material)
    .values(
      MATERIALS.map(([code, name, cat, spec, unit, price, rate, gb, hz]) => ({
        ...inCompany,
        code,
        name,
        categoryId: catIds[cat],
        spec,
        unit,
        priceUnit: unit === 't' ? 'yuan_per_tonne' : 'yuan_per_kg',
        defaultPrice: price,
        deductRate: rate,
        gbCode: gb,
        isHazardous: hz,
      })),
    )
    .returning({ id: material.id, code: material.code });

  const whs = await tx
    .insert(warehouse)
    .values([
      {
        ...inCompany,
        code: 'CK01',
        name: '一号露天料场',
        type: 'yard',
        regionCode: '330206',
        address: '浙江省宁波市北仑区再生资源产业园8号',
        managerName: '赵仓管',
        phone: '0574-86880001',
        capacityT: '5000.000',
      },
      {
        ...inCompany,
        code: 'CK02',
        name: '有色金属封闭库',
        type: 'store',
        regionCode: '330206',
        address: '浙江省宁波市北仑区再生资源产业园8号B栋',
        managerName: '赵仓管',
        phone: '0574-86880001',
        capacityT: '800.000',
      },
      {
        ...inBranch,
        code: 'CK03',
        name: '华东分拣车间',
        type: 'sorting',
        regionCode: '320583',
        address: '江苏省苏州市昆山市周市镇循环经济园3号',
        managerName: '钱主任',
        phone: '0512-57770002',
        capacityT: '1200.000',
      },
    ])
    .returning({ id: warehouse.id, code: warehouse.code });
  const wh = (code: string) => whs.find((w) => w.code === code)?.id ?? null;

  const wbs = await tx
    .insert(weighbridge)
    .values([
      {
        ...inCompany,
        code: 'DB01',
        name: '1号地磅(进场)',
        warehouseId: wh('CK01'),
        maxCapacityKg: '100000.000',
        divisionKg: '20.000',
        connType: 'serial',
        serialPort: 'COM1',
        baudRate: 9600,
        indicatorModel: '耀华 XK3190-A9',
        stableSeconds: 3,
      },
      {
        ...inCompany,
        code: 'DB02',
        name: '2号地磅(出场)',
        warehouseId: wh('CK01'),
        maxCapacityKg: '100000.000',
        divisionKg: '20.000',
        connType: 'tcp',
        ip: '192.168.10.21',
        port: 4001,
        indicatorModel: '托利多 IND245',
        stableSeconds: 3,
      },
      {
        ...inBranch,
        code: 'DB03',
        name: '昆山地磅',
        warehouseId: wh('CK03'),
        maxCapacityKg: '80000.000',
        divisionKg: '20.000',
        connType: 'serial',
        serialPort: 'COM3',
        baudRate: 4800,
        indicatorModel: '柯力 D2008',
        stableSeconds: 4,
      },
    ])
    .returning({ id: weighbridge.id, code: weighbridge.code });
  const wb = (code: string) => wbs.find((w) => w.code === code)?.id ?? null;

  await tx.insert(cameras).values([
    {
      ...inCompany,
      name: '1号磅车头',
      ip: '192.168.10.31',
      channel: 1,
      weighbridgeId: wb('DB01'),
      position: 'front',
      brand: 'hikvision',
      account: 'admin',
      password: 'Hik12345',
    },
    {
      ...inCompany,
      name: '1号磅车尾',
      ip: '192.168.10.32',
      channel: 1,
      weighbridgeId: wb('DB01'),
      position: 'rear',
      brand: 'hikvision',
      account: 'admin',
      password: 'Hik12345',
    },
    {
      ...inCompany,
      name: '1号磅车顶',
      ip: '192.168.10.33',
      channel: 1,
      weighbridgeId: wb('DB01'),
      position: 'top',
      brand: 'dahua',
      account: 'admin',
      password: 'Dh123456',
    },
    {
      ...inCompany,
      name: '2号磅车头',
      ip: '192.168.10.34',
      channel: 1,
      weighbridgeId: wb('DB02'),
      position: 'front',
      brand: 'hikvision',
      account: 'admin',
      password: 'Hik12345',
    },
  ]);

  // 库存磅单: a stock-taking weighing and a move into the sorting workshop (net = gross − tare − deduction)
  const today = new Date();
  const ymd = today.toISOString().slice(0, 10).replace(/-/g, '');
  await tx.insert(stockWeighOrder).values([
    {
      ...inCompany,
      orderNo: `KC${ymd}0001`,
      warehouseId: wh('CK01') as string,
      weighbridgeId: wb('DB01'),
      materialId: mats.find((x) => x.code === 'WL0001')?.id as string,
      carNumber: '浙B3M567',
      grossKg: '38620.000',
      tareKg: '14280.000',
      deductKg: '120.000',
      netKg: '24220.000',
      weighTime: new Date(today.getTime() - 3 * 3600_000),
      weigher: '李过磅',
      remark: '月末盘点',
    },
    {
      ...inCompany,
      orderNo: `KC${ymd}0002`,
      warehouseId: wh('CK02') as string,
      weighbridgeId: wb('DB02'),
      materialId: mats.find((x) => x.code === 'WL0005')?.id as string,
      carNumber: '浙B8K021',
      grossKg: '17460.000',
      tareKg: '12900.000',
      deductKg: '0.000',
      netKg: '4560.000',
      weighTime: new Date(today.getTime() - 2 * 3600_000),
      weigher: '李过磅',
      remark: '移库入有色金属封闭库',
    },
  ]);

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

  const m = (code: string) => mats.find((x) => x.code === code)?.id ?? null;
  await tx.insert(materialQuotesOrder).values([
    {
      ...inCompany,
      code: 'BJ20261101',
      materialId: m('WL0001'),
      quoteType: 'purchase',
      price: '2650.00',
      priceUnit: 'yuan_per_tonne',
      effectiveStart: '2026-11-01',
      effectiveEnd: '2026-11-30',
    },
    {
      ...inCompany,
      code: 'BJ20261102',
      materialId: m('WL0005'),
      quoteType: 'purchase',
      price: '62500.00',
      priceUnit: 'yuan_per_tonne',
      effectiveStart: '2026-11-01',
      effectiveEnd: '2026-11-30',
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

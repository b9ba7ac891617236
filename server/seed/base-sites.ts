/** Demo warehouses, weighbridges, cameras and 库存磅单 (split from base.ts). */
import type { Tx } from '../db/client.ts';
import { cameras, stockWeighOrder, warehouse, weighbridge } from '../db/schema/index.ts';
import { drawOrderNo } from '../platform/numbering.ts';
import { auditOf, type BaseSeedContext } from './base-context.ts';

/** Answers the warehouses' ids by code (the business config names the default one). */
export async function seedYardSites(tx: Tx, c: BaseSeedContext, mats: { id: string; code: string }[]) {
  const { inCompany, inBranch } = auditOf(c);

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
  const kc = { tenantId: c.tenantId, tz: process.env.TZ || 'Asia/Shanghai' };
  const [kc1, kc2] = [await drawOrderNo(tx, 'stockWeigh', kc), await drawOrderNo(tx, 'stockWeigh', kc)];
  await tx.insert(stockWeighOrder).values([
    {
      ...inCompany,
      orderNo: kc1,
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
      orderNo: kc2,
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
  return wh;
}

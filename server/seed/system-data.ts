/**
 * System data seeded with every new database (SEED_DEMO or not): the system dictionaries (platform-wide), the
 * business dictionaries and the system parameters of the first tenant. Codes follow BladeX (bladex-contract §5.5,
 * §5.9). Structural dictionaries whose keys the code relies on are sealed (administrators only may change them).
 */
import type { Tx } from '../db/client.ts';
import { dict, dictBiz, param } from '../db/schema/index.ts';

type Items = [key: string, value: string][];
interface DictSeed {
  code: string;
  name: string;
  sealed?: boolean;
  items: Items;
}

export const SYSTEM_DICTS: DictSeed[] = [
  {
    code: 'sex',
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'post_category',
    name: '岗位类型',
    items: [
      ['1', '高层'],
      ['2', '中层'],
      ['3', '基层'],
      ['4', '其他'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    sealed: true,
    items: [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '小组'],
    ],
  },
  {
    code: 'menu_category',
    name: '菜单类型',
    sealed: true,
    items: [
      ['1', '菜单'],
      ['2', '按钮'],
    ],
  },
  {
    code: 'button_func',
    name: '按钮功能',
    sealed: true,
    items: [
      ['1', '工具栏'],
      ['2', '操作栏'],
      ['3', '工具操作栏'],
    ],
  },
  {
    code: 'yes_no',
    name: '是否',
    sealed: true,
    items: [
      ['1', '否'],
      ['2', '是'],
    ],
  },
  {
    code: 'data_scope_type',
    name: '数据权限类型',
    sealed: true,
    items: [
      ['1', '全部可见'],
      ['2', '本人可见'],
      ['3', '所在机构可见'],
      ['4', '所在机构及子级可见'],
      ['5', '自定义'],
    ],
  },
  {
    code: 'api_scope_type',
    name: '接口权限类型',
    sealed: true,
    items: [
      ['1', '系统接口'],
      ['2', '业务接口'],
    ],
  },
  {
    code: 'region',
    name: '行政区划',
    sealed: true,
    items: [
      ['0', '国家'],
      ['1', '省份直辖市'],
      ['2', '地市'],
      ['3', '区县'],
      ['4', '乡镇'],
      ['5', '村委'],
    ],
  },
];

export const BIZ_DICTS: DictSeed[] = [
  {
    code: 'material_unit',
    name: '计量单位',
    items: [
      ['t', '吨'],
      ['kg', '千克'],
      ['pcs', '件'],
    ],
  },
  {
    code: 'price_unit',
    name: '计价单位',
    items: [
      ['yuan_per_tonne', '元/吨'],
      ['yuan_per_kg', '元/千克'],
    ],
  },
  {
    code: 'quote_type',
    name: '报价类型',
    items: [
      ['purchase', '采购报价'],
      ['sale', '销售报价'],
    ],
  },
  {
    code: 'settle_type',
    name: '结算方式',
    items: [
      ['cash', '现金'],
      ['transfer', '银行转账'],
      ['acceptance', '承兑汇票'],
      ['wechat', '微信'],
      ['alipay', '支付宝'],
    ],
  },
  {
    code: 'vehicle_type',
    name: '车辆类型',
    items: [
      ['truck', '货车'],
      ['trailer', '挂车'],
      ['tricycle', '三轮车'],
    ],
  },
];

export const SYSTEM_PARAMS: { paramName: string; paramKey: string; paramValue: string; remark: string }[] = [
  { paramName: '初始密码', paramKey: 'account.initPassword', paramValue: '123456', remark: '重置密码后的密码' },
  { paramName: '账号注册', paramKey: 'account.registerUser', paramValue: 'false', remark: '是否开放注册' },
  { paramName: '系统标题', paramKey: 'system.title', paramValue: 'Loopyard 再生资源管理平台', remark: '' },
  { paramName: '过磅稳定时间(秒)', paramKey: 'weigh.stableSeconds', paramValue: '3', remark: '读数不变多久算稳定' },
];

async function seedDicts(tx: Tx, table: typeof dict | typeof dictBiz, tenantId: string, seeds: DictSeed[]) {
  for (const [i, d] of seeds.entries()) {
    const isSealed = d.sealed ? 1 : 0;
    const [root] = await tx
      .insert(table)
      .values({ tenantId, parentId: '0', code: d.code, dictKey: '-1', dictValue: d.name, sort: i + 1, isSealed })
      .returning({ id: table.id });
    await tx.insert(table).values(
      d.items.map(([dictKey, dictValue], j) => ({
        tenantId,
        parentId: root.id,
        code: d.code,
        dictKey,
        dictValue,
        sort: j + 1,
        isSealed,
      })),
    );
  }
}

export async function seedSystemData(tx: Tx, tenantId: string): Promise<void> {
  await seedDicts(tx, dict, tenantId, SYSTEM_DICTS);
  await seedTenantData(tx, tenantId);
}

/** What every tenant keeps of its own: the business dictionaries and the parameters (a new tenant gets them too). */
export async function seedTenantData(tx: Tx, tenantId: string): Promise<void> {
  await seedDicts(tx, dictBiz, tenantId, BIZ_DICTS);
  await tx.insert(param).values(SYSTEM_PARAMS.map((p) => ({ ...p, tenantId })));
}

/** Demo material categories and materials (split from base.ts): GB/T grades of scrap steel, copper, aluminium, paper, plastics, e-waste. */
import type { Tx } from '../db/client.ts';
import { material, materialCategory } from '../db/schema/index.ts';
import { auditOf, type BaseSeedContext } from './base-context.ts';

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

/** Categories (two levels) then materials; answers the materials' ids by code. */
export async function seedMaterials(tx: Tx, c: BaseSeedContext) {
  const { inCompany } = auditOf(c);

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
  return mats;
}

/**
 * The national-standard category of a recycled material (再生资源回收统计): each material falls in one of eight
 * categories, decided by its name and its category path (first match wins, in the order below). A pure rule so
 * that the reports and their tests agree.
 */
export const GB_CATEGORIES = [
  {
    key: 'vehicle',
    name: '报废机动车',
    standard: '《报废机动车回收管理办法》',
    words: ['报废车', '报废机动车', '汽车拆解'],
  },
  {
    key: 'weee',
    name: '废弃电器电子产品',
    standard: '《废弃电器电子产品回收处理管理条例》',
    words: ['电器', '电子', '家电', '电路板', '冰箱', '空调', '洗衣机', '电视', '电脑'],
  },
  { key: 'copper', name: '废铜', standard: 'GB/T 13587', words: ['铜'] },
  { key: 'aluminium', name: '废铝', standard: 'GB/T 13586', words: ['铝'] },
  { key: 'steel', name: '废钢铁', standard: 'GB/T 4223', words: ['钢', '铁', '黑色金属'] },
  { key: 'paper', name: '废纸', standard: 'GB/T 20811', words: ['纸'] },
  { key: 'plastic', name: '废塑料', standard: 'GB/T 37821', words: ['塑料', 'PET', 'PP', 'PE', 'ABS', 'PVC'] },
  { key: 'general', name: '一般工业固体废物', standard: 'GB 18599', words: [] },
] as const;

export type GbKey = (typeof GB_CATEGORIES)[number]['key'];

export interface MaterialNames {
  materialName: string;
  /** Names of the material's category and its parents, nearest first. */
  categoryNames: readonly string[];
}

/** The category of one material: its own name first, then its category path. */
export function gbCategoryOf(m: MaterialNames): GbKey {
  for (const text of [m.materialName, ...m.categoryNames]) {
    const upper = text.toUpperCase();
    const hit = GB_CATEGORIES.find((c) => c.words.some((w) => upper.includes(w.toUpperCase())));
    if (hit) return hit.key;
  }
  return 'general';
}

export const gbName = (key: string): string => GB_CATEGORIES.find((c) => c.key === key)?.name ?? key;

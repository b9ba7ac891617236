import { describe, expect, it } from 'vitest';
import { gbCategoryOf } from './gb.ts';

describe('gbCategoryOf', () => {
  it.each([
    ['重废钢', ['废钢铁'], 'steel'],
    ['钢屑', ['黑色金属'], 'steel'],
    ['304不锈钢', ['不锈钢', '有色金属'], 'steel'],
    ['光亮铜', ['废铜', '有色金属'], 'copper'],
    ['黄杂铜', [], 'copper'],
    ['生铝', ['废铝'], 'aluminium'],
    ['黄板纸', ['废纸'], 'paper'],
    ['PET瓶片', ['废塑料'], 'plastic'],
    ['pp/pe杂料', [], 'plastic'],
    ['废电路板', ['电子废弃物'], 'weee'],
    ['废旧冰箱', ['废旧家电'], 'weee'],
    ['报废小轿车', ['报废机动车'], 'vehicle'],
    ['废铅酸蓄电池', ['有色金属'], 'general'],
    ['炉渣', [], 'general'],
    ['统料破碎料', ['统料', '黑色金属'], 'steel'],
    // the material's own name wins over its category
    ['废铜线', ['废旧家电'], 'copper'],
    ['统料', ['废钢铁'], 'steel'],
  ])('%s (%j) → %s', (materialName, categoryNames, key) => {
    expect(gbCategoryOf({ materialName, categoryNames })).toBe(key);
  });
});

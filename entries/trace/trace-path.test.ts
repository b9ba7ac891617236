import { describe, expect, it } from 'vitest';
import { parseTracePath } from './trace-path.ts';

describe('parseTracePath', () => {
  it.each([
    ['/blockchain-info/1/CG20261121001', { orderType: '1', orderNo: 'CG20261121001' }],
    ['/blockchain-info/sale/XS%E5%8D%95001/', { orderType: 'sale', orderNo: 'XS单001' }],
    ['/blockchain-info/1', null],
    ['/blockchain-info/1/2/3', null],
    ['/blockchain-info/1/%E0%A4%A', null],
  ])('%s', (path, expected) => {
    expect(parseTracePath(path)).toEqual(expected);
  });
});

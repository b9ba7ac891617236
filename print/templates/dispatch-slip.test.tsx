import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DispatchSlipRow } from '../../core/contract/izs-weighing/dispatch-slip.contract.ts';
import { DispatchSlipSheet } from './dispatch-slip.tsx';
import { slipPaperOf, slipSheet } from './dispatch-slip-model.ts';

afterEach(cleanup);

const slip = (over: Partial<DispatchSlipRow> = {}): DispatchSlipRow =>
  ({
    id: '1500000000000000042',
    slipNo: 'PC202611280001',
    orderType: 'purchase',
    sourceNo: 'CG202611280003',
    sourceOrderId: '9',
    contractId: null,
    partyId: '1',
    partyName: '宁波北仑鑫达拆解有限公司',
    materialId: '2',
    materialName: '重废钢',
    carNumber: '浙B12345',
    driverName: '王师傅',
    driverPhone: '13800000000',
    plannedKg: '30000.000',
    validFrom: '2026-11-28',
    validTo: '2026-11-30',
    state: 'open',
    remark: '',
    ...over,
  }) as DispatchSlipRow;

describe('the printed 派车单 (issue 24)', () => {
  it('carries the QR code of its number, the plate, the plan and the validity', () => {
    render(<DispatchSlipSheet row={slip()} paper="a5" today="2026-11-29" />);
    const sheet = screen.getByTestId('slip-print');
    expect(sheet.getAttribute('data-paper')).toBe('a5');
    expect(sheet.style.width).toBe('210mm');
    expect(screen.getByTestId('qr-code').getAttribute('data-value')).toBe('PC202611280001');
    expect(screen.getByTestId('ds-plate').textContent).toBe('浙B12345');
    expect(screen.getByTestId('ds-方向').textContent).toBe('采购（送货）');
    expect(screen.getByTestId('ds-供应商').textContent).toBe('宁波北仑鑫达拆解有限公司');
    expect(screen.getByTestId('ds-物料').textContent).toBe('重废钢');
    expect(screen.getByTestId('ds-计划数量').textContent).toBe('30,000 kg');
    expect(screen.getByTestId('ds-validity').textContent).toBe('2026-11-28 至 2026-11-30');
    expect(screen.queryByTestId('ds-mark')).toBeNull();
  });

  it('a sale names its 客户; no planned quantity prints 不限; the 80 mm roll is 80 mm wide', () => {
    render(<DispatchSlipSheet row={slip({ orderType: 'sale', plannedKg: '0' })} paper="80" today="2026-11-29" />);
    expect(screen.getByTestId('slip-print').style.width).toBe('80mm');
    expect(screen.getByTestId('ds-方向').textContent).toBe('销售（提货）');
    expect(screen.getByTestId('ds-客户').textContent).toBe('宁波北仑鑫达拆解有限公司');
    expect(screen.getByTestId('ds-计划数量').textContent).toBe('不限');
  });

  it('a closed or expired slip is stamped', () => {
    expect(slipSheet(slip({ state: 'closed' }), '2026-11-29').mark).toBe('已关闭');
    expect(slipSheet(slip(), '2026-12-01').mark).toBe('已过期');
    expect(slipSheet(slip(), '2026-11-30').mark).toBe('');
  });

  it('paper: 80 when asked, A5 otherwise', () => {
    expect(slipPaperOf('80')).toBe('80');
    expect(slipPaperOf('a4')).toBe('a5');
    expect(slipPaperOf(null)).toBe('a5');
  });
});

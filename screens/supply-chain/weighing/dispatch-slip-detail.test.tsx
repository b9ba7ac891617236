import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SLIP_CARD_FIELDS } from '../../../core/contract/izs-weighing/dispatch-slip.contract.ts';
import { dispatchSlipView } from './dispatch-slip.resource.ts';
import { dispatchSlipPrintPath, SlipCard } from './dispatch-slip-detail.tsx';

afterEach(cleanup);

const row = {
  id: '1500000000000000042',
  slipNo: 'PC202611280001',
  carNumber: '浙B12345',
  orderType: 'purchase',
  partyName: '鑫达再生资源',
  materialName: '重废钢',
  plannedKg: '30000',
  validFrom: '2026-11-28',
  validTo: '2026-11-30',
  sourceNo: 'CG202611280001',
  state: 'open',
};

describe('派车单详情 shows the plan once (issue 24)', () => {
  it('the QR card keeps what a driver needs: the code, number, plate and validity — not the plan', () => {
    render(<SlipCard row={row} />);
    const card = screen.getByTestId('detail-card-slip-qr');
    expect(screen.getByTestId('qr-code').getAttribute('data-value')).toBe('PC202611280001');
    expect(card.textContent).toContain('浙B12345');
    expect(card.textContent).toContain('2026-11-28 至 2026-11-30');
    for (const plan of ['往来单位', '鑫达', '物料', '重废钢', '计划数量', '来源单号', '类型']) {
      expect(card.textContent).not.toContain(plan);
    }
  });

  it('no grid of the page repeats a field of the QR card, and each plan field is shown once', () => {
    const gridFields = (dispatchSlipView.detail ?? []).flatMap((c) => (c.kind === 'grid' ? c.fields : []));
    for (const f of SLIP_CARD_FIELDS) expect(gridFields).not.toContain(f);
    expect(new Set(gridFields).size).toBe(gridFields.length);
    for (const f of ['partyId', 'materialId', 'plannedKg', 'orderType']) expect(gridFields).toContain(f);
  });

  it('打印 opens the printed slip in the print entry', () => {
    expect(dispatchSlipPrintPath('1500000000000000042')).toBe('/print/dispatch-slip?id=1500000000000000042');
  });
});

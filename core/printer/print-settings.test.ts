import { describe, expect, it } from 'vitest';
import { pageOf, printConfigSaveSchema } from '../contract/izs-toolbox/print-config.contract.ts';
import { printerFromServer } from '../session/session-slice.ts';
import { printOptions } from './print-settings.ts';

describe('printer config (spec §3) → desktop-client print options', () => {
  const printer = printerFromServer({ printType: 2, printDevice: 'EPSON LQ-630K', printDevice2: 'HP M1136' });

  it('uses the printer of the document kind; printType 2 prints without preview', () => {
    expect(printOptions(printer, 'weight', { paper: 'c241-half', copies: 3 })).toEqual({
      printer: 'EPSON LQ-630K',
      silent: true,
      copies: 3,
      pageSize: '241x140mm',
    });
    expect(printOptions(printer, 'statement')).toEqual({ printer: 'HP M1136', silent: true, copies: 1 });
  });
  it('no printer chosen: the system default (no printer key); printType 1 previews', () => {
    const p = printerFromServer({});
    expect(p.mode).toBe(1);
    expect(printOptions(p, 'finance', { paper: 'a5', copies: 1 })).toEqual({
      silent: false,
      copies: 1,
      pageSize: '210x148mm',
    });
  });
});

describe('print-config contract (spec §7.7)', () => {
  it('margins default to 0 and take numbers or numeric text with one decimal', () => {
    const v = printConfigSaveSchema.parse({ warehouseId: '12', marginTop: '2.5', marginLeft: 5 });
    expect([v.marginTop, v.marginBottom, v.marginLeft, v.marginRight]).toEqual([2.5, 0, 5, 0]);
    expect(v.paper).toBe('c241-half');
    const bad = printConfigSaveSchema.safeParse({ warehouseId: '12', marginTop: '2.55' });
    expect(bad.error?.issues[0].message).toBe('上边距须为 0–50 之间的数字，最多一位小数');
  });
  it('pageOf: paper size and margins for the @page rule', () => {
    expect(pageOf({ paper: 'c241-third', marginTop: 3, marginBottom: 0, marginLeft: 5.5, marginRight: 1 })).toEqual({
      paper: { width: 241, height: 93 },
      margin: { top: 3, bottom: 0, left: 5.5, right: 1 },
    });
  });
});

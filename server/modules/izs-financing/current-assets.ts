/**
 * 流动资产报表: GET current-assets/report (STOCK_REPORTS.currentAssets): year-opening and closing of each current
 * asset line from the book's ledger (receivables / prepayments regrouped by the sign of each item's balance).
 */
import type { FastifyInstance } from 'fastify';
import { type Decimal, findByName, ZERO } from '../../../core/accounting/index.ts';
import type { CurrentAssetsAnswer, CurrentAssetsRow } from '../../../core/contract/izs-financing/business.contract.ts';
import { STOCK_REPORTS } from '../../../core/contract/izs-financing/stock-reports.contract.ts';
import type { Db } from '../../db/client.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { bookOf, loadBookChart } from './book.ts';
import { checkRange, loadLedger } from './ledger-data.ts';
import { INVENTORY_NAMES, m2 } from './stock-lines.ts';

export function registerCurrentAssets(app: FastifyInstance, db: Db): void {
  const ep = endpoints(app, db);

  ep.handle(STOCK_REPORTS.currentAssets, async ({ req, query: q }) => {
    const { book } = bookOf(req);
    checkRange(book, q.period, q.period);
    const bc = await loadBookChart(db, book);
    const ledger = await loadLedger(db, book, bc, { to: q.period, withAux: true });
    const code = (name: string) => findByName(bc.chart, name)?.code;
    type Part = { name: string; kind: 'raw' | 'debitParts' };
    const item = (key: string, name: string, parts: Part[]): CurrentAssetsRow & { raw: Decimal[] } => {
      let closing = ZERO;
      let opening = ZERO;
      const codes: string[] = [];
      for (const p of parts) {
        const c = code(p.name);
        if (!c) continue;
        codes.push(c);
        if (p.kind === 'raw') {
          closing = closing.plus(ledger.value(c, 'closing', q.period));
          opening = opening.plus(ledger.value(c, 'yearOpening', q.period));
        } else {
          closing = closing.plus(ledger.value(c, 'closingDebitParts', q.period));
          opening = opening.plus(ledger.value(c, 'yearOpeningDebitParts', q.period));
        }
      }
      return { key, name, codes, opening: m2(opening), closing: m2(closing), kind: 'item', raw: [opening, closing] };
    };
    const raw = (...names: string[]): Part[] => names.map((name) => ({ name, kind: 'raw' }));
    const parts = (...names: string[]): Part[] => names.map((name) => ({ name, kind: 'debitParts' }));
    const items = [
      item('cash', '库存现金', raw('库存现金')),
      item('bank', '银行存款', raw('银行存款')),
      item('otherMoney', '其他货币资金', raw('其他货币资金')),
      item('investment', book.standard === 'small' ? '短期投资' : '交易性金融资产', raw('短期投资', '交易性金融资产')),
      item('notes', '应收票据', raw('应收票据')),
      // research README §2: receivables / prepayments regrouped by the sign of each item's balance
      item('receivable', '应收账款', parts('应收账款', '预收账款')),
      item('prepaid', '预付账款', parts('预付账款', '应付账款')),
      item('dividend', '应收股利', raw('应收股利')),
      item('interest', '应收利息', raw('应收利息')),
      item('otherReceivable', '其他应收款', raw('其他应收款')),
      item('inventory', '存货', raw(...INVENTORY_NAMES, '生产成本')),
    ];
    if (book.standard === 'enterprise') {
      // 坏账准备 is netted against 应收账款 as a whole (no per-asset split in the preset chart)
      const allowance = code('坏账准备');
      const r = items.find((i) => i.key === 'receivable');
      if (allowance && r) {
        r.raw = [
          r.raw[0].plus(ledger.value(allowance, 'yearOpening', q.period)),
          r.raw[1].plus(ledger.value(allowance, 'closing', q.period)),
        ];
        r.opening = m2(r.raw[0]);
        r.closing = m2(r.raw[1]);
        r.codes.push(allowance);
      }
    }
    const total = (i: 0 | 1) => items.reduce((s, x) => s.plus(x.raw[i]), ZERO);
    const out: CurrentAssetsAnswer = {
      period: q.period,
      rows: [
        ...items.map(({ raw: _r, ...x }) => x),
        { key: 'total', name: '流动资产合计', codes: [], opening: m2(total(0)), closing: m2(total(1)), kind: 'total' },
      ],
    };
    return out;
  });
}

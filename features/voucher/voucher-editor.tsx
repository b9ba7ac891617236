import { Banner } from '@douyinfe/semi-ui';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toCapital } from '../../core/accounting/capital.ts';
import {
  useVouchersDetailQuery,
  useVouchersNextNoQuery,
  useVouchersSaveMutation,
  useVouchersUpdateMutation,
} from '../../core/api/izs-financing.api.ts';
import {
  useAccountsListQuery,
  useBookResourceList,
  useDimensionsDataAllMapQuery,
} from '../../core/api/izs-financing-books.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { VOUCHER_STATES, type Voucher } from '../../core/contract/izs-financing/voucher.contract.ts';
import { voucherWordResource } from '../../core/contract/izs-financing/voucher-word.contract.ts';
import { businessToday } from '../../core/format/business-day.ts';
import {
  balanceLine,
  blankGrid,
  emptyRow,
  type GridRow,
  moneyCell,
  rowOfMessage,
  rowsOf,
  totals,
  voucherBody,
  withQuantityAmount,
} from './voucher-grid.ts';
import '../ui/accounting.css';
import { Select } from '../ui/select.tsx';
import { AccountCell } from './account-cell.tsx';
import { VoucherHead } from './voucher-head.tsx';

type Col = 'summary' | 'account' | 'quantity' | 'unitPrice' | 'debit' | 'credit';

const today = () => businessToday();

/**
 * 记账凭证 entry and view (录入凭证, /finance/voucher/list/:id): keyboard first — Enter moves to the next cell and
 * adds a row at the end, `=` in an amount cell balances the line, Ctrl+S saves; the account picker searches code
 * and name among enabled leaves; 辅助核算 and quantity × unit price appear when the account needs them; totals in
 * capital numerals. The server's message is shown above the grid and its row (第 n 行) is marked.
 */
export function VoucherEditor({ voucherId, onSaved }: { voucherId?: string; onSaved?: (v: Voucher) => void }) {
  const [id, setId] = useState(voucherId && voucherId !== '0' ? voucherId : '');
  const detail = useVouchersDetailQuery({ id }, { skip: !id, refetchOnMountOrArgChange: true });
  const accounts = useAccountsListQuery({ leaf: '1', status: 1 }, { refetchOnMountOrArgChange: true }).data ?? [];
  const words = useBookResourceList(voucherWordResource, { status: 1 });
  const auxMap = useDimensionsDataAllMapQuery(undefined, { refetchOnMountOrArgChange: true }).data ?? {};
  const byCode = useMemo(() => new Map(accounts.map((a) => [a.code, a])), [accounts]);
  const [saveVoucher] = useVouchersSaveMutation();
  const [updateVoucher] = useVouchersUpdateMutation();

  const [word, setWord] = useState('');
  const [date, setDate] = useState(today());
  const [attachments, setAttachments] = useState(0);
  const [rows, setRows] = useState<GridRow[]>(blankGrid);
  const [error, setError] = useState<{ msg: string; row: number } | null>(null);
  const [busy, setBusy] = useState(false);
  // a skipped query keeps its last answer: after 新增 (id '') or before the new id's answer, nothing is loaded
  const loaded = detail.data?.id === id ? detail.data : undefined;
  const readOnly = !!loaded && loaded.state !== 'saved';
  const nextNo = useVouchersNextNoQuery(
    { word, date },
    { skip: !!id || !word || !date, refetchOnMountOrArgChange: true },
  );
  const grid = useRef<HTMLTableElement>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  useEffect(() => {
    if (!word && words.length) setWord((words.find((w) => w.isDefault === 1) ?? words[0]).word);
  }, [words, word]);
  useEffect(() => {
    if (!loaded) return;
    setWord(loaded.word);
    setDate(loaded.voucherDate);
    setAttachments(loaded.attachments);
    setRows(rowsOf(loaded.lines));
  }, [loaded]);

  const focus = useCallback((row: number, col: Col) => {
    requestAnimationFrame(() => {
      const el = grid.current?.querySelector<HTMLInputElement>(`[data-cell="${row}:${col}"]`);
      el?.focus();
      el?.select?.();
    });
  }, []);
  const update = (i: number, patch: Partial<GridRow>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  /** the editable cells of a row in Enter order */
  const colsOf = (r: GridRow): Col[] => {
    const acc = byCode.get(r.accountCode);
    return acc?.quantity === 1
      ? ['summary', 'account', 'quantity', 'unitPrice', 'debit', 'credit']
      : ['summary', 'account', 'debit', 'credit'];
  };
  const next = (i: number, col: Col) => {
    const r = rowsRef.current[i];
    const cols = colsOf(r);
    let k = cols.indexOf(col) + 1;
    if (col === 'debit' && r.debit.trim()) k = cols.length; // a debit line skips the credit cell
    if (k < cols.length) return focus(i, cols[k]);
    if (i === rowsRef.current.length - 1) setRows((rs) => [...rs, emptyRow()]);
    focus(i + 1, 'summary');
  };
  const onKey = (i: number, col: Col) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (col === 'summary' && !rows[i].summary.trim() && i > 0) update(i, { summary: rows[i - 1].summary });
      next(i, col);
    } else if (e.key === '=' && (col === 'debit' || col === 'credit')) {
      e.preventDefault();
      setRows((rs) => rs.map((r, j) => (j === i ? balanceLine(rs, i) : r)));
    } else if (e.key === 'ArrowDown' && i < rows.length - 1) focus(i + 1, col);
    else if (e.key === 'ArrowUp' && i > 0) focus(i - 1, col);
  };
  const amountInput = (i: number, col: 'debit' | 'credit' | 'quantity' | 'unitPrice') => (
    <input
      className="ly-v-num"
      data-cell={`${i}:${col}`}
      disabled={readOnly}
      value={rows[i][col]}
      inputMode="decimal"
      onChange={(e) => {
        const v = e.target.value.replace(/[^\d.-]/g, '');
        setRows((rs) =>
          rs.map((r, j) => {
            if (j !== i) return r;
            let nr = { ...r, [col]: v };
            if (col === 'debit' && v) nr.credit = '';
            if (col === 'credit' && v) nr.debit = '';
            if (col === 'quantity' || col === 'unitPrice') nr = withQuantityAmount(nr);
            return nr;
          }),
        );
      }}
      onKeyDown={onKey(i, col)}
    />
  );

  const sums = totals(rows);
  const save = async (andNew: boolean) => {
    if (readOnly || busy) return;
    setError(null);
    setBusy(true);
    try {
      const body = voucherBody({ id, word, voucherDate: date, attachments }, rows);
      const saved = await (id ? updateVoucher(body) : saveVoucher(body)).unwrap();
      notifySuccess(`保存成功：${saved.voucherNo}`);
      onSaved?.(saved);
      if (andNew) {
        setId('');
        setRows(blankGrid());
        setAttachments(0);
        focus(0, 'summary');
      } else setId(saved.id);
    } catch (e) {
      const msg = (e as { message?: string }).message ?? '保存失败';
      setError({ msg, row: rowOfMessage(msg, rows) });
    } finally {
      setBusy(false);
    }
  };
  const reset = () => {
    setId('');
    setRows(blankGrid());
    setAttachments(0);
    setError(null);
  };
  const onCtrlS = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      void save(false);
    }
  };
  const state = loaded ? VOUCHER_STATES.find((s) => s.value === loaded.state) : null;

  return (
    <div className="ly-voucher" onKeyDown={onCtrlS} data-testid="voucher-editor">
      <VoucherHead
        word={word}
        onWord={setWord}
        words={words}
        noText={loaded ? loaded.no : (nextNo.data?.no ?? '–')}
        date={date}
        onDate={setDate}
        attachments={attachments}
        onAttachments={setAttachments}
        state={state}
        saved={loaded?.state === 'saved'}
        readOnly={readOnly}
        busy={busy}
        onReset={reset}
        onSave={save}
      />
      {error && (
        <Banner
          type="danger"
          description={error.msg}
          closeIcon={null}
          className="ly-v-error"
          data-testid="voucher-error"
        />
      )}
      <table className="ly-v-grid" ref={grid}>
        <colgroup>
          <col style={{ width: 36 }} />
          <col style={{ width: '26%' }} />
          <col />
          <col style={{ width: 150 }} />
          <col style={{ width: 150 }} />
        </colgroup>
        <thead>
          <tr>
            <th>#</th>
            <th>摘要</th>
            <th>会计科目</th>
            <th>借方金额</th>
            <th>贷方金额</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const acc = byCode.get(r.accountCode);
            return (
              <tr key={r.key} className={error?.row === i ? 'is-error' : ''} data-testid={`voucher-row-${i}`}>
                <td className="ly-v-idx">
                  {i + 1}
                  {!readOnly && rows.length > 1 && (
                    <button
                      type="button"
                      className="ly-v-del"
                      title="删除行"
                      tabIndex={-1}
                      onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
                    >
                      ×
                    </button>
                  )}
                </td>
                <td>
                  <input
                    data-cell={`${i}:summary`}
                    disabled={readOnly}
                    value={r.summary}
                    onChange={(e) => update(i, { summary: e.target.value })}
                    onKeyDown={onKey(i, 'summary')}
                  />
                </td>
                <td>
                  <AccountCell
                    value={r.accountCode}
                    accounts={accounts}
                    byCode={byCode}
                    disabled={readOnly}
                    cellProps={{ 'data-cell': `${i}:account` }}
                    onPick={(code) => {
                      const a = byCode.get(code);
                      update(i, {
                        accountCode: code,
                        aux: a?.auxDims.length ? r.aux : {},
                        quantity: '',
                        unitPrice: '',
                      });
                    }}
                    onEnter={() => setTimeout(() => next(i, 'account'), 0)}
                  />
                  {acc && (acc.auxDims.length > 0 || acc.quantity === 1) && (
                    <div className="ly-v-extra">
                      {acc.auxDims.map((dimId, k) => (
                        <Select
                          key={dimId}
                          size="small"
                          filter
                          disabled={readOnly}
                          placeholder={acc.auxNames[k] ?? '辅助核算'}
                          value={r.aux[dimId]}
                          style={{ width: 160 }}
                          onChange={(v) => update(i, { aux: { ...r.aux, [dimId]: String(v) } })}
                          optionList={(auxMap[dimId] ?? []).map((it) => ({ value: it.id, label: it.name }))}
                          prefix={acc.auxNames[k]}
                        />
                      ))}
                      {acc.quantity === 1 && (
                        <span className="ly-v-qty">
                          数量{amountInput(i, 'quantity')}
                          {acc.unit} × 单价{amountInput(i, 'unitPrice')}
                        </span>
                      )}
                    </div>
                  )}
                </td>
                <td>{amountInput(i, 'debit')}</td>
                <td>{amountInput(i, 'credit')}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr className={sums.balanced ? '' : 'is-off'}>
            <td />
            <td colSpan={2} data-testid="voucher-capital">
              合计：{sums.balanced ? toCapital(sums.debit) : sums.debit.isZero() ? '' : '借贷不平衡'}
            </td>
            <td className="ly-v-total" data-testid="voucher-debit-total">
              {moneyCell(sums.debit)}
            </td>
            <td className="ly-v-total" data-testid="voucher-credit-total">
              {moneyCell(sums.credit)}
            </td>
          </tr>
        </tfoot>
      </table>
      <div className="ly-v-foot">
        <span>制单人：{loaded?.createUserName ?? ''}</span>
        <span>审核人：{loaded?.reviewerName ?? ''}</span>
        <span>过账人：{loaded?.posterName ?? ''}</span>
        <span className="ly-v-hint">Enter 下一格 · = 自动平衡 · ↑↓ 换行 · Ctrl+S 保存</span>
      </div>
    </div>
  );
}

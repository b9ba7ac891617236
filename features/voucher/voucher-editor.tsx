import { Banner } from '@douyinfe/semi-ui';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
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
  cellOrder,
  emptyRow,
  type GridCol,
  type GridRow,
  matchAccounts,
  matchAuxItems,
  moneyCell,
  rowOfMessage,
  rowsOf,
  totals,
  voucherBody,
  withQuantityAmount,
} from './voucher-grid.ts';
import '../ui/accounting.css';
import { TypeaheadCell } from './typeahead-cell.tsx';
import { VoucherHead } from './voucher-head.tsx';

const today = () => businessToday();
const AMOUNT_LABELS = { debit: '借方金额', credit: '贷方金额', quantity: '数量', unitPrice: '单价' } as const;

/**
 * 记账凭证 entry and view (录入凭证, /finance/voucher/list/:id): keyboard first — Enter moves to the next cell and
 * adds a row at the end, `=` in an amount cell balances the line, Ctrl+S saves; the account picker searches code
 * and name among enabled leaves; 辅助核算 and quantity × unit price appear when the account needs them and Enter
 * walks through them (cellOrder); totals in capital numerals. The server's message is shown above the grid and its
 * row (第 n 行) is marked. Focus moves synchronously (state flushed first), so keys typed at machine speed land in
 * the cell they were meant for.
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

  /** focus a cell now (it is rendered: state is flushed before), so the next key lands in it */
  const focus = useCallback((row: number, col: GridCol) => {
    const el = grid.current?.querySelector<HTMLInputElement>(`[data-cell="${row}:${col}"]`);
    el?.focus();
    el?.select?.();
  }, []);
  const update = (i: number, patch: Partial<GridRow>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const next = (i: number, col: GridCol) => {
    const r = rowsRef.current[i];
    const cols = cellOrder(byCode.get(r.accountCode));
    let k = cols.indexOf(col) + 1;
    if (col === 'debit' && r.debit.trim()) k = cols.length; // a debit line skips the credit cell
    if (k < cols.length) return focus(i, cols[k]);
    if (i === rowsRef.current.length - 1) flushSync(() => setRows((rs) => [...rs, emptyRow()]));
    focus(i + 1, 'summary');
  };
  const searchAccounts = useCallback((typed: string) => matchAccounts(accounts, typed), [accounts]);
  const onKey = (i: number, col: GridCol) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const rs = rowsRef.current;
      if (col === 'summary' && !rs[i].summary.trim() && i > 0)
        flushSync(() => update(i, { summary: rs[i - 1].summary }));
      next(i, col);
    } else if (e.key === '=' && (col === 'debit' || col === 'credit')) {
      e.preventDefault();
      setRows((rs) => rs.map((r, j) => (j === i ? balanceLine(rs, i) : r)));
    } else if (e.key === 'ArrowDown' && i < rowsRef.current.length - 1) focus(i + 1, col);
    else if (e.key === 'ArrowUp' && i > 0) focus(i - 1, col);
  };
  const amountInput = (i: number, col: 'debit' | 'credit' | 'quantity' | 'unitPrice') => (
    <input
      className="ly-v-num"
      data-cell={`${i}:${col}`}
      aria-label={`第${i + 1}行 ${AMOUNT_LABELS[col]}`}
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
                    aria-label={`第${i + 1}行 摘要`}
                    disabled={readOnly}
                    value={r.summary}
                    onChange={(e) => update(i, { summary: e.target.value })}
                    onKeyDown={onKey(i, 'summary')}
                  />
                </td>
                <td>
                  <TypeaheadCell
                    shown={acc ? `${acc.code} ${acc.fullName}` : r.accountCode}
                    search={searchAccounts}
                    keyOf={(a) => a.code}
                    renderItem={(a) => (
                      <>
                        <b>{a.code}</b> {a.fullName}
                        {a.auxNames.length > 0 && <small> [{a.auxNames.join('、')}]</small>}
                        {a.quantity === 1 && <small> [数量 {a.unit}]</small>}
                      </>
                    )}
                    disabled={readOnly}
                    placeholder="科目编码或名称"
                    label={`第${i + 1}行 会计科目`}
                    listTestId="voucher-account-options"
                    cellProps={{ 'data-cell': `${i}:account` }}
                    onPick={(a) =>
                      update(i, {
                        accountCode: a.code,
                        aux: a.auxDims.length ? r.aux : {},
                        quantity: '',
                        unitPrice: '',
                      })
                    }
                    onEnter={() => next(i, 'account')}
                  />
                  {acc && (acc.auxDims.length > 0 || acc.quantity === 1) && (
                    <div className="ly-v-extra">
                      {acc.auxDims.map((dimId, k) => {
                        const items = auxMap[dimId] ?? [];
                        const picked = items.find((it) => it.id === r.aux[dimId]);
                        const name = acc.auxNames[k] ?? '辅助核算';
                        return (
                          <TypeaheadCell
                            key={dimId}
                            className="ly-v-aux"
                            shown={picked ? picked.name : ''}
                            search={(typed) => matchAuxItems(items, typed)}
                            keyOf={(it) => it.id}
                            renderItem={(it) => (
                              <>
                                <b>{it.code}</b> {it.name}
                              </>
                            )}
                            disabled={readOnly}
                            placeholder={name}
                            label={`第${i + 1}行 ${name}`}
                            listTestId="voucher-aux-options"
                            cellProps={{ 'data-cell': `${i}:aux:${dimId}` }}
                            onPick={(it) =>
                              setRows((rs) =>
                                rs.map((x, j) => (j === i ? { ...x, aux: { ...x.aux, [dimId]: it.id } } : x)),
                              )
                            }
                            onEnter={() => next(i, `aux:${dimId}`)}
                          />
                        );
                      })}
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

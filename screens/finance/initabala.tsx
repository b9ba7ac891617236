import { Banner, Button, Modal, Space, Tag } from '@douyinfe/semi-ui';
import { useMemo, useState } from 'react';
import { monthOf } from '../../core/accounting/period.ts';
import {
  useBookResourceList,
  useDimensionsDataAllMapQuery,
  useOpeningsCheckQuery,
  useOpeningsListQuery,
  useOpeningsSaveMutation,
} from '../../core/api/izs-financing-books.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import type { OpeningCheck, OpeningFigures, OpeningRow } from '../../core/contract/izs-financing/opening.contract.ts';
import { AccountingFrame, useBook } from '../../features/account-set/accounting-frame.tsx';
import { Select } from '../../features/ui/select.tsx';
import { dimensionView } from './dimension.resource.ts';
import { cellOf, cleanAmount, isAmount, moneyText, type OpeningEdit, openingItems, openingKey } from './fin-model.ts';
import '../../features/ui/accounting.css';
import './finance.css';
import { CategoryTabs } from './category-tabs.tsx';

type Cell = 'balance' | 'ytdDebit' | 'ytdCredit' | 'ytdPl' | 'quantity';
/** The column of each input: with the account, its accessible name (issue 26: the inputs had none). */
const CELL_NAMES: Record<Cell, string> = {
  balance: '期初余额',
  ytdDebit: '本年累计借方',
  ytdCredit: '本年累计贷方',
  ytdPl: '本年累计实际发生额',
  quantity: '期初数量',
};

const editOf = (code: string, aux: Record<string, string>, f?: OpeningFigures): OpeningEdit => ({
  accountCode: code,
  aux,
  balance: cellOf(f?.balance),
  ytdDebit: cellOf(f?.ytdDebit),
  ytdCredit: cellOf(f?.ytdCredit),
  ytdPl: cellOf(f?.ytdPl),
  quantity: f?.quantity && f.quantity !== '0.0000' ? f.quantity : '',
});

/** The 试算平衡 panel: Σ借 = Σ贷, 本年累计, and the problems the server names. */
function CheckPanel({ check }: { check: OpeningCheck | undefined }) {
  if (!check) return null;
  return (
    <div className={`ly-fin-panel ${check.balanced ? 'is-ok' : 'is-bad'}`} data-testid="opening-check">
      <Tag color={check.balanced ? 'green' : 'red'} size="large">
        {check.balanced ? '试算平衡' : '试算不平衡'}
      </Tag>
      <span>
        期初借方合计 <b data-testid="opening-debit-total">{moneyText(check.totals.debit)}</b>
      </span>
      <span>
        期初贷方合计 <b data-testid="opening-credit-total">{moneyText(check.totals.credit)}</b>
      </span>
      {check.midYear && (
        <>
          <span>本年累计借方 {moneyText(check.totals.ytdDebit)}</span>
          <span>本年累计贷方 {moneyText(check.totals.ytdCredit)}</span>
        </>
      )}
      {check.problems.length > 0 && <span className="ly-fin-problems">{check.problems.join('；')}</span>}
    </div>
  );
}

function Openings() {
  const book = useBook();
  const list = useOpeningsListQuery(undefined, { refetchOnMountOrArgChange: true });
  const check = useOpeningsCheckQuery(undefined, { refetchOnMountOrArgChange: true });
  const auxMap = useDimensionsDataAllMapQuery(undefined, { refetchOnMountOrArgChange: true }).data ?? {};
  const dims = useBookResourceList(dimensionView);
  const dimName = (id: string) => dims.find((d) => d.id === id)?.name ?? '辅助核算';
  const [saveOpenings] = useOpeningsSaveMutation();
  const [category, setCategory] = useState<string>('资产');
  const [edits, setEdits] = useState<Map<string, OpeningEdit>>(new Map());
  const [added, setAdded] = useState<{ code: string; aux: Record<string, string> }[]>([]);
  const [adding, setAdding] = useState<{ row: OpeningRow; aux: Record<string, string> } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [focused, setFocused] = useState('');
  const midYear = monthOf(book.startPeriod) !== 1;
  const locked = !!book.closedThrough;
  const rows = useMemo(() => (list.data ?? []).filter((r) => r.category === category), [list.data, category]);

  const editAt = (key: string, code: string, aux: Record<string, string>, f: OpeningFigures | undefined) =>
    edits.get(key) ?? editOf(code, aux, f);
  const change = (key: string, base: OpeningEdit, cell: Cell, text: string) =>
    setEdits((m) => new Map(m).set(key, { ...base, [cell]: cleanAmount(text, cell === 'quantity' ? 4 : 2) }));

  const save = async () => {
    setError('');
    let items: ReturnType<typeof openingItems>;
    try {
      items = openingItems(edits.values(), { midYear });
    } catch (e) {
      return setError((e as Error).message);
    }
    if (!items.length) return setError('没有修改的期初余额');
    setBusy(true);
    try {
      const res = await saveOpenings({ items }).unwrap();
      setEdits(new Map());
      setAdded([]);
      notifySuccess(res.balanced ? '保存成功，试算平衡' : '保存成功，试算尚不平衡');
    } catch (e) {
      setError((e as Error).message ?? '保存失败');
    } finally {
      setBusy(false);
    }
  };

  const input = (key: string, base: OpeningEdit, cell: Cell, row: string, testId?: string) => {
    const id = `${key}:${cell}`;
    const raw = base[cell];
    // money shows with separators until the cell is entered (quantities as typed)
    const shown = focused === id || cell === 'quantity' || !raw || !isAmount(raw) ? raw : moneyText(raw);
    return (
      <input
        className="ly-fin-cell"
        value={shown}
        disabled={locked}
        inputMode="decimal"
        aria-label={`${row} ${CELL_NAMES[cell]}`}
        data-testid={testId}
        onFocus={() => setFocused(id)}
        onBlur={() => setFocused('')}
        onChange={(e) => change(key, base, cell, e.target.value)}
      />
    );
  };
  const figures = (f: OpeningFigures) => (
    <>
      <td className="m">{moneyText(f.balance)}</td>
      {midYear && (
        <>
          <td className="m">{moneyText(f.ytdDebit)}</td>
          <td className="m">{moneyText(f.ytdCredit)}</td>
          {category === '损益' && <td className="m">{moneyText(f.ytdPl)}</td>}
        </>
      )}
      <td className="m">{moneyText(f.yearOpening)}</td>
      <td className="m">{f.quantity ?? ''}</td>
    </>
  );
  /** `row`: the account (and its auxiliary items) — each input's accessible name with its column (issue 26) */
  const editable = (key: string, base: OpeningEdit, r: OpeningRow, yearOpening: string, row: string) => (
    <>
      <td>
        {r.category === '损益' ? (
          <span className="ly-fin-muted">—</span>
        ) : (
          input(key, base, 'balance', row, `opening-${key}`)
        )}
      </td>
      {midYear && (
        <>
          <td>{input(key, base, 'ytdDebit', row, `opening-ytd-debit-${key}`)}</td>
          <td>{input(key, base, 'ytdCredit', row, `opening-ytd-credit-${key}`)}</td>
          {category === '损益' && <td>{input(key, base, 'ytdPl', row)}</td>}
        </>
      )}
      <td className="m">{moneyText(yearOpening)}</td>
      <td>{r.quantityAccounting === 1 ? input(key, base, 'quantity', row) : null}</td>
    </>
  );

  return (
    <div data-testid="openings">
      <div className="ly-fin-tools">
        <span className="ly-fin-title">期初余额</span>
        <span className="ly-fin-meta">
          启用期间 {book.startPeriod}
          {midYear ? '（年中启用：请同时录入本年累计发生额）' : ''}
        </span>
        {locked && (
          <Tag color="orange" data-testid="opening-locked">
            启用期间已结账，期初余额已锁定（反结账到 {book.startPeriod} 后可修改）
          </Tag>
        )}
        <span className="ly-fin-spacer" />
        <Space>
          <Button size="small" onClick={() => check.refetch()} data-testid="opening-check-run">
            试算平衡
          </Button>
          <Button
            size="small"
            disabled={!edits.size}
            onClick={() => {
              setEdits(new Map());
              setAdded([]);
              setError('');
            }}
          >
            放弃修改
          </Button>
          <Button size="small" theme="solid" disabled={locked} loading={busy} onClick={save} data-testid="opening-save">
            保存{edits.size ? `（${edits.size}）` : ''}
          </Button>
        </Space>
      </div>
      <CheckPanel check={check.data} />
      {error && <Banner type="danger" description={error} closeIcon={null} data-testid="opening-error" />}
      <CategoryTabs rows={list.data ?? []} value={category} onChange={setCategory} />
      <table className="ly-fin-table ly-fin-entry">
        <thead>
          <tr>
            <th style={{ width: 96 }}>科目编码</th>
            <th>科目名称</th>
            <th style={{ width: 40 }}>方向</th>
            <th style={{ width: 130 }}>期初余额</th>
            {midYear && (
              <>
                <th style={{ width: 130 }}>本年累计借方</th>
                <th style={{ width: 130 }}>本年累计贷方</th>
                {category === '损益' && <th style={{ width: 130 }}>本年累计实际发生额</th>}
              </>
            )}
            <th style={{ width: 130 }}>年初余额</th>
            <th style={{ width: 110 }}>期初数量</th>
          </tr>
        </thead>
        <tbody>
          {rows.flatMap((r) => {
            const hasAux = r.leaf && r.auxDims.length > 0;
            const key = openingKey(r.code);
            const head = (
              <>
                <td>{r.code}</td>
                <td>
                  {r.name}
                  {r.unit && <small className="ly-fin-muted"> （{r.unit}）</small>}
                  {hasAux && !locked && (
                    <Button
                      size="small"
                      theme="borderless"
                      onClick={() => setAdding({ row: r, aux: {} })}
                      data-testid={`opening-add-aux-${r.code}`}
                    >
                      ＋辅助核算
                    </Button>
                  )}
                </td>
                <td style={{ textAlign: 'center' }}>{r.direction === 'credit' ? '贷' : '借'}</td>
              </>
            );
            const own = (
              <tr key={r.code} className={`l${r.level}${r.leaf ? '' : ' is-sub'}`} data-code={r.code}>
                {head}
                {r.leaf && !hasAux
                  ? editable(key, editAt(key, r.code, {}, r), r, r.yearOpening, `${r.code} ${r.name}`)
                  : figures(r)}
              </tr>
            );
            if (!hasAux) return [own];
            const stored = r.items.map((it) => ({ aux: it.aux, names: it.auxNames, f: it }));
            const extra = added
              .filter(
                (a) =>
                  a.code === r.code && !r.items.some((it) => openingKey(r.code, it.aux) === openingKey(r.code, a.aux)),
              )
              .map((a) => ({
                aux: a.aux,
                names: r.auxDims.map(
                  (d) => `${dimName(d)}：${(auxMap[d] ?? []).find((x) => x.id === a.aux[d])?.name ?? ''}`,
                ),
                f: undefined,
              }));
            return [
              own,
              ...[...stored, ...extra].map((it) => {
                const k = openingKey(r.code, it.aux);
                return (
                  <tr key={k} className="ly-fin-aux" data-code={r.code}>
                    <td />
                    <td className="ly-fin-aux-name">{it.names.join('，')}</td>
                    <td />
                    {editable(
                      k,
                      editAt(k, r.code, it.aux, it.f),
                      r,
                      it.f?.yearOpening ?? '0',
                      `${r.code} ${r.name} ${it.names.join('，')}`,
                    )}
                  </tr>
                );
              }),
            ];
          })}
        </tbody>
      </table>
      <Modal
        visible={!!adding}
        title={`添加辅助核算：${adding?.row.code ?? ''} ${adding?.row.name ?? ''}`}
        onCancel={() => setAdding(null)}
        onOk={() => {
          if (!adding) return;
          if (adding.row.auxDims.some((d) => !adding.aux[d])) return setError('请选择每个辅助核算项目');
          setAdded((a) => [...a, { code: adding.row.code, aux: adding.aux }]);
          setAdding(null);
        }}
      >
        <Space vertical align="start">
          {adding?.row.auxDims.map((d) => (
            <Select
              key={d}
              filter
              style={{ width: 320 }}
              prefix={dimName(d)}
              value={adding.aux[d]}
              onChange={(v) => setAdding({ ...adding, aux: { ...adding.aux, [d]: String(v) } })}
              optionList={(auxMap[d] ?? []).map((x) => ({ value: x.id, label: x.name }))}
            />
          ))}
        </Space>
      </Modal>
    </div>
  );
}

/**
 * 期初余额 (/finance/setting/initabala, period_rules §6): opening balances on leaf accounts (per 辅助核算 item where
 * the account has dimensions, with 期初数量 for quantity accounts), 本年累计借/贷 for a mid-year start (损益类: only
 * 本年累计), the derived 年初余额, and the 试算平衡 check of opening/check shown above the grid. Read-only once the
 * start period is closed.
 */
export default function InitaBalaScreen() {
  return (
    <AccountingFrame testId="fin-initabala">
      <Openings />
    </AccountingFrame>
  );
}

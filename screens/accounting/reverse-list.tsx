/**
 * 反向开票 (/accounting/purchase/reverse-invoice, issue 11): reverse invoices for scrap bought from natural persons
 * (国家税务总局公告2024年第5号). New from a reviewed in-stock of a seller without taxpayer id: name, ID number (shown
 * masked once saved), amount; the server decides 免税 / 1 % and the 代办个税. 登记开票 records the invoice number; 作废
 * frees the in-stock; 导出月度清单 downloads the month's Excel (one row per invoice, totals).
 */
import { Button, Input, Modal, Select, Table, Tag, Toast } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { reverseFiles } from '../../core/api/downloads.api.ts';
import { useFileDownload } from '../../core/api/endpoints.ts';
import {
  useReverseCandidatesQuery,
  useReverseCreateMutation,
  useReverseIssueMutation,
  useReversePageQuery,
  useReverseVoidMutation,
} from '../../core/api/izs-finance-ar.api.ts';
import {
  REVERSE_CODE,
  REVERSE_STATES,
  type ReverseInvoice,
} from '../../core/contract/izs-finance-ar/reverse.contract.ts';
import { formatPercent } from '../../core/format/amounts.ts';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { Page, today, yuan } from './arap-common.tsx';

const errText = (e: unknown) => (e as { data?: { msg?: string } })?.data?.msg ?? '操作失败';
const STATE_COLORS = { pending: 'orange', issued: 'green', voided: 'grey' } as const;
const stateName = (s: string) => REVERSE_STATES.find((x) => x.value === s)?.label ?? s;
const rateName = (r: string) => (r === '0' ? '免税' : formatPercent(r, 0));

function NewDialog({ month, onClose }: { month: string; onClose: () => void }) {
  const cand = useReverseCandidatesQuery({ month });
  const [create, st] = useReverseCreateMutation();
  const [v, setV] = useState({
    orderId: '',
    sellerName: '',
    idNumber: '',
    phone: '',
    bankCard: '',
    amount: '',
    remark: '',
  });
  const submit = async () => {
    try {
      const r = await create(v).unwrap();
      Toast.success(`已新增反向开票：${r.sellerName} ${rateName(r.taxRate)} 税额 ${r.taxAmount}`);
      onClose();
    } catch (e) {
      Toast.error(errText(e));
    }
  };
  return (
    <Modal
      title="新增反向开票"
      visible
      width={640}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      confirmLoading={st.isLoading}
    >
      <div className="ly-arap-form">
        <div>
          <span>采购入库单</span>
          <Select
            data-testid="reverse-order"
            filter
            style={{ width: '100%' }}
            placeholder={cand.data?.length ? '选择自然人出售者的已审核入库单' : '本月没有可反向开票的入库单'}
            value={v.orderId || undefined}
            onChange={(x) => {
              const c = cand.data?.find((o) => o.orderId === x);
              if (c)
                setV({
                  ...v,
                  orderId: c.orderId,
                  sellerName: c.partyName,
                  phone: c.phone,
                  bankCard: c.bankAccount,
                  amount: c.open,
                });
            }}
            optionList={(cand.data ?? []).map((o) => ({
              value: o.orderId,
              label: `${o.orderNo} ${o.orderDate} ${o.partyName} ¥${yuan(o.open)}`,
            }))}
          />
        </div>
        <div>
          <span>出售者姓名</span>
          <Input value={v.sellerName} onChange={(x) => setV({ ...v, sellerName: x })} />
        </div>
        <div>
          <span>身份证号码</span>
          <Input
            data-testid="reverse-id"
            value={v.idNumber}
            maxLength={18}
            onChange={(x) => setV({ ...v, idNumber: x })}
          />
        </div>
        <div>
          <span>联系电话</span>
          <Input value={v.phone} onChange={(x) => setV({ ...v, phone: x })} />
        </div>
        <div>
          <span>收款银行卡号</span>
          <Input value={v.bankCard} onChange={(x) => setV({ ...v, bankCard: x })} />
        </div>
        <div>
          <span>开票金额（价税合计）</span>
          <Input data-testid="reverse-amount" value={v.amount} onChange={(x) => setV({ ...v, amount: x })} />
        </div>
        <div>
          <span>备注</span>
          <Input value={v.remark} onChange={(x) => setV({ ...v, remark: x })} />
        </div>
      </div>
      <p style={{ color: 'var(--semi-color-text-2)' }}>
        出售者当月反向开票销售额（不含税）不超过10万元免征增值税，超过按1%征收；代办个人所得税按不含税金额的0.5%预缴；连续12个月不超过500万元。
      </p>
    </Modal>
  );
}

export default function ReverseList() {
  const can = useResourcePermissions(REVERSE_CODE);
  const file = useFileDownload(reverseFiles.export); // REVERSE_FILES.export: 反向开票-yyyy-MM.xlsx
  const [draft, setDraft] = useState({ month: today().slice(0, 7), state: '', keyword: '' });
  const [q, setQ] = useState(draft);
  const [current, setCurrent] = useState(1);
  const state = REVERSE_STATES.find((s) => s.value === q.state)?.value ?? '';
  const { data, isFetching } = useReversePageQuery({ month: q.month, state, keyword: q.keyword, current, size: 20 });
  const [dialog, setDialog] = useState(false);
  const [issue] = useReverseIssueMutation();
  const [voidIt] = useReverseVoidMutation();
  const askIssue = (r: ReverseInvoice) => {
    let no = '';
    Modal.confirm({
      title: `登记开票：${r.sellerName} ¥${yuan(r.amount)}`,
      content: <Input placeholder="发票号码（20位数电票号码）" onChange={(x) => (no = x)} />,
      onOk: async () => {
        try {
          await issue({ id: r.id, invoiceNo: no, issueDate: today() }).unwrap();
          Toast.success('已登记开票');
        } catch (e) {
          Toast.error(errText(e));
          throw e;
        }
      },
    });
  };
  const askVoid = (r: ReverseInvoice) => {
    let reason = '';
    Modal.confirm({
      title: `作废反向开票：${r.orderNo}`,
      content: <Input placeholder="作废原因" onChange={(x) => (reason = x)} />,
      onOk: async () => {
        try {
          await voidIt({ id: r.id, reason }).unwrap();
          Toast.success('已作废');
        } catch (e) {
          Toast.error(errText(e));
          throw e;
        }
      },
    });
  };
  const t = data?.totals;
  return (
    <Page title="反向开票" testId="reverse-list">
      <div className="ly-arap-bar">
        <Input
          prefix="月份"
          style={{ width: 150 }}
          value={draft.month}
          placeholder="yyyy-MM"
          onChange={(x) => setDraft({ ...draft, month: x })}
        />
        <Select
          prefix="状态"
          style={{ width: 150 }}
          value={draft.state}
          onChange={(x) => setDraft({ ...draft, state: String(x ?? '') })}
          optionList={[
            { value: '', label: '全部' },
            ...REVERSE_STATES.map((s) => ({ value: s.value, label: s.label })),
          ]}
        />
        <Input
          prefix="关键字"
          style={{ width: 200 }}
          placeholder="出售者/单号/发票号"
          value={draft.keyword}
          onChange={(x) => setDraft({ ...draft, keyword: x })}
        />
        <Button
          theme="solid"
          onClick={() => {
            setQ(draft);
            setCurrent(1);
          }}
        >
          搜索
        </Button>
        <Button
          onClick={() => {
            const reset = { month: today().slice(0, 7), state: '', keyword: '' };
            setDraft(reset);
            setQ(reset);
          }}
        >
          重置
        </Button>
        <span style={{ flex: 1 }} />
        {can.export && (
          <Button
            loading={file.bytes !== null}
            onClick={() => file.download({ month: q.month }).catch((e: unknown) => Toast.error((e as Error).message))}
          >
            导出月度清单
          </Button>
        )}
        {can.add && (
          <Button theme="solid" type="primary" data-testid="reverse-new" onClick={() => setDialog(true)}>
            新增
          </Button>
        )}
      </div>
      {t && (
        <div className="ly-arap-totals" data-testid="reverse-totals">
          本月合计：价税合计 ¥{yuan(t.amount)} · 不含税 ¥{yuan(t.netAmount)} · 增值税 ¥{yuan(t.taxAmount)} · 代办个税 ¥
          {yuan(t.iitAmount)}
        </div>
      )}
      <Table
        size="small"
        rowKey="id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        scroll={{ x: 1560 }}
        pagination={{ currentPage: current, pageSize: 20, total: data?.total ?? 0, onPageChange: setCurrent }}
        columns={[
          { title: '月份', dataIndex: 'month', width: 90 },
          { title: '采购入库单', dataIndex: 'orderNo', width: 170 },
          { title: '出售者', dataIndex: 'sellerName', width: 90 },
          { title: '身份证号码', dataIndex: 'idNumber', width: 180 },
          { title: '价税合计', dataIndex: 'amount', width: 120, align: 'right', render: (x: string) => yuan(x) },
          // 状态 beside the amount: in view at 1440 px (issue 26)
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (s: ReverseInvoice['state']) => <Tag color={STATE_COLORS[s]}>{stateName(s)}</Tag>,
          },
          { title: '征收率', dataIndex: 'taxRate', width: 80, render: (x: string) => rateName(x) },
          { title: '增值税', dataIndex: 'taxAmount', width: 100, align: 'right', render: (x: string) => yuan(x) },
          { title: '代办个税', dataIndex: 'iitAmount', width: 110, align: 'right', render: (x: string) => yuan(x) },
          {
            title: '证据',
            width: 200,
            render: (_: unknown, r: ReverseInvoice) =>
              [
                r.evidence.weighingNo && `磅单 ${r.evidence.weighingNo}`,
                ...r.evidence.paymentNos.map((p) => `付款 ${p}`),
              ]
                .filter(Boolean)
                .join('、') || '—',
          },
          { title: '发票号码', dataIndex: 'invoiceNo', width: 190 },
          {
            title: '操作',
            width: 150,
            fixed: 'right' as const,
            render: (_: unknown, r: ReverseInvoice) => (
              <>
                {r.state === 'pending' && can.edit && (
                  <Button size="small" theme="borderless" onClick={() => askIssue(r)}>
                    登记开票
                  </Button>
                )}
                {r.state !== 'voided' && (
                  <Button size="small" theme="borderless" type="danger" onClick={() => askVoid(r)}>
                    作废
                  </Button>
                )}
              </>
            ),
          },
        ]}
      />
      {dialog && <NewDialog month={q.month} onClose={() => setDialog(false)} />}
    </Page>
  );
}

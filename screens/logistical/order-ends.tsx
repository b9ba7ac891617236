/**
 * 装卸单据 of a transport order: the loading end (out-stock or weighing of the goods leaving) and the delivery end
 * (in-stock, weighing of the goods arriving, or the customer's receipt weight), their net weights and the shortfall
 * (途损) against the tolerance (磅差).
 */
import { Banner, Button, Descriptions, Form, Modal, Tag } from '@douyinfe/semi-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useLgOrderEndsQuery, useLgOrderLinkEndMutation } from '../../core/api/izs-logistical.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';

const SOURCE: Record<string, string> = {
  out_stock: '销售出库单',
  purchase_return: '采购退货单',
  in_stock: '采购入库单',
  sale_return: '销售退货单',
  weighing: '过磅单',
  receipt: '客户签收',
};

export function OrderEnds({ order, onClose }: { order: { id: string; orderNo: string } | null; onClose: () => void }) {
  const ends = useLgOrderEndsQuery(order ? { id: order.id } : skipToken);
  const [link, state] = useLgOrderLinkEndMutation();
  if (!order) return null;
  const e = ends.data;
  const show = (x: { source: string; docNo: string; netKg: string } | null | undefined) =>
    x ? `${SOURCE[x.source] ?? x.source} ${x.docNo} · 净重 ${x.netKg} kg` : '未关联';
  const submit = async (end: 'load' | 'unload', v: Record<string, string>) => {
    const r = await link({ id: order.id, end, docNo: v.docNo ?? '', receiptKg: v.receiptKg || undefined });
    if ('data' in r) notifySuccess(end === 'load' ? '装货单据已关联' : '卸货单据已关联');
  };
  return (
    <Modal title={`装卸单据：${order.orderNo}`} visible width={640} onCancel={onClose} footer={null}>
      <Descriptions
        data-testid="order-ends"
        row
        size="small"
        data={[
          { key: '装货', value: show(e?.load) },
          { key: '到货', value: show(e?.unload) },
          {
            key: '途损',
            value: e?.gap ? (
              <span data-testid="order-gap">
                {e.gap.shortfallKg} kg（{e.gap.permille}‰）{' '}
                {e.gap.flagged ? (
                  <Tag color="red">超出磅差 {e.gap.tolerancePermille}‰</Tag>
                ) : (
                  <Tag color="green">磅差以内</Tag>
                )}
              </span>
            ) : (
              '两端净重齐全后计算'
            ),
          },
        ]}
      />
      <Banner
        type="info"
        closeIcon={null}
        style={{ margin: '12px 0' }}
        description="装货端关联销售出库单或出厂过磅单；到货端关联采购入库单、进厂过磅单，或登记客户签收净重。签收前到货净重即为运费结算重量。"
      />
      <Form layout="horizontal" onSubmit={(v) => submit('load', v)} style={{ marginBottom: 8 }}>
        <Form.Input field="docNo" label="装货单据号" placeholder="出库单号 / 过磅单号" style={{ width: 220 }} />
        <Button htmlType="submit" loading={state.isLoading} data-testid="link-load">
          关联装货
        </Button>
      </Form>
      <Form layout="horizontal" onSubmit={(v) => submit('unload', v)}>
        <Form.Input
          field="docNo"
          label="到货单据号"
          placeholder="入库单号 / 过磅单号 / 签收单号"
          style={{ width: 200 }}
        />
        <Form.Input field="receiptKg" label="签收净重(kg)" placeholder="客户签收时填写" style={{ width: 120 }} />
        <Button htmlType="submit" loading={state.isLoading} data-testid="link-unload">
          关联到货
        </Button>
      </Form>
    </Modal>
  );
}

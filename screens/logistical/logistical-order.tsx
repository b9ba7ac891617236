import { Button, Form, Modal, Space } from '@douyinfe/semi-ui';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useSelectListQuery } from '../../core/api/crud.api.ts';
import {
  useLgOrderCancelMutation,
  useLgOrderDeliverMutation,
  useLgOrderDispatchMutation,
  useLgOrderSignMutation,
  useLgOrderStartMutation,
  useLgOrderUnsignMutation,
} from '../../core/api/izs-logistical.api.ts';
import { notifySuccess } from '../../core/api/notify.ts';
import { CAR_OPTIONS, DRIVER_OPTIONS } from '../../core/contract/izs-logistical/fleet.contract.ts';
import {
  actionsFrom,
  ORDER_ACTION_LABELS,
  ORDER_STATES,
  type OrderAction,
  type OrderState,
} from '../../core/logistics/order.ts';
import { useCan } from '../../features/admin-page/common.tsx';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { orderView } from './order.resource.ts';
import { OrderEnds } from './order-ends.tsx';

type Dialog = { action: 'dispatch' | 'deliver' | 'cancel' | 'unsign'; id: string; orderNo: string } | null;

const isState = (v: unknown): v is OrderState => ORDER_STATES.includes(v as OrderState);

/**
 * 物流订单 (/logistical/logistical-order): transport orders (from a sale out-stock, a purchase pickup or by hand)
 * with their state actions — 派车 (car + driver), 发车, 送达 (delivered weight), 签收 (the freight becomes a 应付单
 * to the carrier), 撤销签收 and 取消 (reason) — the documents and net weights at both ends (单据) and the track.
 */
export default function LogisticalOrderScreen() {
  const can = useCan(orderView.permission);
  const [, go] = useLocation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dispatch] = useLgOrderDispatchMutation();
  const [start] = useLgOrderStartMutation();
  const [deliver] = useLgOrderDeliverMutation();
  const [sign] = useLgOrderSignMutation();
  const [cancel] = useLgOrderCancelMutation();
  const [unsign] = useLgOrderUnsignMutation();
  const [ends, setEnds] = useState<{ id: string; orderNo: string } | null>(null);
  const cars = useSelectListQuery(CAR_OPTIONS.endpoint, { skip: dialog?.action !== 'dispatch' });
  const drivers = useSelectListQuery(DRIVER_OPTIONS.endpoint, { skip: dialog?.action !== 'dispatch' });

  const run = async (action: OrderAction, id: string, orderNo: string) => {
    if (action === 'dispatch' || action === 'deliver' || action === 'cancel' || action === 'unsign')
      return setDialog({ action, id, orderNo });
    const r = action === 'start' ? await start({ id }) : await sign({ id });
    if ('data' in r) {
      const ref = r.data?.payableRef;
      notifySuccess(`${orderNo} ${ORDER_ACTION_LABELS[action]}成功${ref ? `，运费已记应付单 ${ref}` : ''}`);
    }
  };

  const submit = async (v: Record<string, string>) => {
    if (!dialog) return;
    const { id, orderNo, action } = dialog;
    const r =
      action === 'dispatch'
        ? await dispatch({ id, carId: v.carId, driverId: v.driverId })
        : action === 'deliver'
          ? await deliver({ id, deliveredWeightT: v.deliveredWeightT })
          : action === 'unsign'
            ? await unsign({ id, reason: v.reason })
            : await cancel({ id, reason: v.reason });
    if ('data' in r) {
      notifySuccess(`${orderNo} ${ORDER_ACTION_LABELS[action]}成功`);
      setDialog(null);
    }
  };

  return (
    <>
      <ResourceListPage
        def={orderView}
        rowEditable={(row) => row.state === 'pending'}
        rowActionsWidth={280}
        rowActions={(row) => {
          const state = isState(row.state) ? row.state : 'cancelled';
          const id = String(row.id);
          const no = String(row.orderNo);
          return (
            <Space spacing={4}>
              {can('edit')
                ? actionsFrom(state).map((a) => (
                    <Button
                      key={a}
                      size="small"
                      theme="borderless"
                      type={a === 'cancel' || a === 'unsign' ? 'danger' : 'primary'}
                      onClick={() => run(a, id, no)}
                    >
                      {ORDER_ACTION_LABELS[a]}
                    </Button>
                  ))
                : null}
              {state !== 'cancelled' ? (
                <Button size="small" theme="borderless" onClick={() => setEnds({ id, orderNo: no })}>
                  单据
                </Button>
              ) : null}
              {state !== 'pending' && state !== 'cancelled' && state !== 'dispatched' ? (
                <Button size="small" theme="borderless" onClick={() => go(`/logistical/driver-track?orderId=${id}`)}>
                  轨迹
                </Button>
              ) : null}
            </Space>
          );
        }}
      />
      <Modal
        title={dialog ? `${ORDER_ACTION_LABELS[dialog.action]}：${dialog.orderNo}` : ''}
        visible={!!dialog}
        footer={null}
        onCancel={() => setDialog(null)}
      >
        {dialog ? (
          <Form onSubmit={submit} labelPosition="left" labelWidth={110}>
            {dialog.action === 'dispatch' ? (
              <>
                <Form.Select
                  field="carId"
                  label="车辆"
                  style={{ width: '100%' }}
                  rules={[{ required: true, message: '请选择车辆' }]}
                  optionList={(cars.data ?? []).map((c) => ({ label: String(c.plate), value: String(c.id) }))}
                />
                <Form.Select
                  field="driverId"
                  label="司机"
                  style={{ width: '100%' }}
                  rules={[{ required: true, message: '请选择司机' }]}
                  optionList={(drivers.data ?? []).map((c) => ({ label: String(c.name), value: String(c.id) }))}
                />
              </>
            ) : null}
            {dialog.action === 'deliver' ? (
              <Form.Input
                field="deliveredWeightT"
                label="实际重量(吨)"
                rules={[{ required: true, message: '请输入实际重量' }]}
              />
            ) : null}
            {dialog.action === 'cancel' ? (
              <Form.TextArea field="reason" label="取消原因" rules={[{ required: true, message: '请填写取消原因' }]} />
            ) : null}
            {dialog.action === 'unsign' ? (
              <Form.TextArea
                field="reason"
                label="撤销原因"
                extraText="运费应付单将作废；已付款核销的不能撤销"
                rules={[{ required: true, message: '请填写撤销原因' }]}
              />
            ) : null}
            <div style={{ textAlign: 'right', marginTop: 12 }}>
              <Button onClick={() => setDialog(null)} style={{ marginRight: 8 }}>
                取消
              </Button>
              <Button htmlType="submit" type="primary" theme="solid">
                确定
              </Button>
            </div>
          </Form>
        ) : null}
      </Modal>
      <OrderEnds order={ends} onClose={() => setEnds(null)} />
    </>
  );
}

import { Button, Descriptions, Modal } from '@douyinfe/semi-ui';
import { useState } from 'react';
import type { Row } from '../../../core/api/crud.api.ts';
import { DISPATCH_ORDER_TYPES } from '../../../core/contract/izs-weighing/dispatch-slip.contract.ts';
import { formatKg } from '../../../core/format/amounts.ts';
import { EXTRA_ACTIONS_WIDTH, ResourceListPage } from '../../../features/crud/resource-list-page.tsx';
import { QrCode } from '../../../features/ui/qr-code.tsx';
import { NO_ENGLISH_NAME } from '../../../features/ui/semi-zh.ts';
import { dispatchSlipView } from './dispatch-slip.resource.ts';
import { dispatchSlipDetailPath, dispatchSlipPrintPath } from './dispatch-slip-detail.tsx';

const typeName = (v: unknown) => DISPATCH_ORDER_TYPES.find((t) => t.value === v)?.label ?? String(v ?? '');

/**
 * 派车单 (/supply-chain/dispatch-slip, issue 24): the slips trucks are sent with (新增 / 编辑 / 查看 / 删除 / 搜索 /
 * 重置 by the resource engine); 打印 opens the printed slip (print entry); 二维码 shows a slip's QR code — its number, which the weighing station scans or
 * types to identify the truck — for the driver's phone or printed; the slip's number opens 派车单详情.
 */
export default function DispatchSlipScreen() {
  const [qr, setQr] = useState<Row | null>(null);
  return (
    <>
      <ResourceListPage
        def={dispatchSlipView}
        detailPath={(row) => dispatchSlipDetailPath(row.id)}
        rowActionsWidth={2 * EXTRA_ACTIONS_WIDTH}
        rowActions={(row) => (
          <>
            <Button
              size="small"
              theme="borderless"
              data-testid={`slip-qr-${String(row.slipNo)}`}
              onClick={() => setQr(row)}
            >
              二维码
            </Button>
            <Button
              size="small"
              theme="borderless"
              data-testid={`slip-print-${String(row.slipNo)}`}
              onClick={() => window.open(dispatchSlipPrintPath(row.id), '_blank')}
            >
              打印
            </Button>
          </>
        )}
      />
      <Modal
        visible={!!qr}
        title="派车单二维码"
        width={420}
        onCancel={() => setQr(null)}
        footer={
          <>
            <Button {...NO_ENGLISH_NAME} onClick={() => setQr(null)}>
              关闭
            </Button>
            <Button
              {...NO_ENGLISH_NAME}
              theme="solid"
              onClick={() => qr && window.open(dispatchSlipPrintPath(qr.id), '_blank')}
            >
              打印
            </Button>
          </>
        }
      >
        {qr && (
          <div data-testid="slip-qr" style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
            <QrCode value={String(qr.slipNo)} size={140} title={`派车单 ${String(qr.slipNo)}`} />
            <Descriptions
              size="small"
              data={[
                { key: '派车单号', value: String(qr.slipNo) },
                { key: '车牌号', value: String(qr.carNumber) },
                { key: '类型', value: typeName(qr.orderType) },
                { key: '往来单位', value: String(qr.partyName ?? '') },
                { key: '物料', value: String(qr.materialName ?? '') },
                { key: '计划数量', value: `${formatKg(String(qr.plannedKg ?? '0'))} kg` },
                { key: '有效期', value: `${String(qr.validFrom)} 至 ${String(qr.validTo)}` },
              ]}
            />
          </div>
        )}
      </Modal>
    </>
  );
}

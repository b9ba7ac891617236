/**
 * 凭证模板 (/finance/voucher/template): vouchers from reviewed stock documents and (issue 11) from the receivables
 * area's collections, payments, refunds and offsets; the book's templates. Tabs: voucher-template-docs.tsx,
 * voucher-template-money.tsx, voucher-template-editor.tsx (typed hooks of BIZ_VOUCHER).
 */
import { TabPane, Tabs } from '@douyinfe/semi-ui';
import { AccountingFrame } from '../../features/account-set/accounting-frame.tsx';
import '../../features/ui/accounting.css';
import { DocumentsTab } from './voucher-template-docs.tsx';
import { TemplatesTab } from './voucher-template-editor.tsx';
import { MoneyTab } from './voucher-template-money.tsx';

export default function VoucherTemplateScreen() {
  return (
    <AccountingFrame testId="fin-voucher-template">
      <Tabs type="line" defaultActiveKey="docs" lazyRender tabPaneMotion={false}>
        <TabPane tab="业务单据生成凭证" itemKey="docs">
          <DocumentsTab />
        </TabPane>
        <TabPane tab="收付款生成凭证" itemKey="money">
          <MoneyTab />
        </TabPane>
        <TabPane tab="凭证模板" itemKey="templates">
          <TemplatesTab />
        </TabPane>
      </Tabs>
    </AccountingFrame>
  );
}

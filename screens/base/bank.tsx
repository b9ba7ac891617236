import { bankResource } from '../../core/contract/izs-base/bank.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 银行信息 (/base/bank/list): the company's bank accounts. */
export default function BankScreen() {
  return <ResourceListPage def={bankResource} />;
}

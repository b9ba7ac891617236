import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { bankView } from './bank.resource.ts';

/** 银行信息 (/base/bank/list): the company's bank accounts. */
export default function BankScreen() {
  return <ResourceListPage def={bankView} />;
}

import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { fundProviderView } from './scf-resources.resource.ts';

/** 资金方管理 (/supply-chain-finance/escrowed): banks and factoring companies with credit lines, used and available. */
export default function EscrowedScreen() {
  return <ResourceListPage def={fundProviderView} />;
}

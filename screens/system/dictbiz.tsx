import { dictBizResource } from '../../core/contract/blade-system/dict.contract.ts';
import { DictTree } from './dict-tree.tsx';

/** 业务字典 (/system/dictbiz): the tenant's business dictionaries (units, quote types, settlement…). */
export default function DictBizScreen() {
  return <DictTree def={dictBizResource} />;
}

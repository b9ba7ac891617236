import { dictBizView } from './dict.resource.ts';
import { DictTree } from './dict-tree.tsx';

/** 业务字典 (/system/dictbiz): the tenant's business dictionaries (units, quote types, settlement…). */
export default function DictBizScreen() {
  return <DictTree def={dictBizView} />;
}

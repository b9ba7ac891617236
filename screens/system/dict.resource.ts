/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): the form boxes of `dictResource` (系统字典, dict.tsx)
 * and `dictBizResource` (业务字典, dictbiz.tsx), whose wire is core/contract/blade-system/dict.contract.ts.
 */
import { dictBizResource, dictResource } from '../../core/contract/blade-system/dict.contract.ts';
import { type ResourceLayout, withLayout } from '../../features/crud/resource-layout.ts';

const layout: ResourceLayout<(typeof dictResource)['schemas']> = {
  form: {
    parentId: { placeholder: '顶级' },
    code: { placeholder: '字典项沿用上级的编号' },
    dictKey: { placeholder: '字典项必填，顶级留空' },
    sort: { min: 0 },
    remark: { span: 2 },
  },
};

export const dictView = withLayout(dictResource, layout);
export const dictBizView = withLayout(dictBizResource, layout);

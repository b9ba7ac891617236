import { dictView } from './dict.resource.ts';
import { DictTree } from './dict-tree.tsx';

/** 系统字典 (/system/dict): platform-wide dictionaries (sex, post_category, menu_category…). */
export default function DictScreen() {
  return <DictTree def={dictView} />;
}

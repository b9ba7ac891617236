import { Modal } from '@douyinfe/semi-ui';

/**
 * Chinese accessible names for Semi's widgets (issue 26): Semi hard-codes English aria-labels — "confirm" /
 * "cancel" on a Modal's footer buttons (so the 保存 button was announced as "confirm"), "close" on its ✕, "Choose
 * date" on a DatePicker. Without the attribute a button is named by its text (保存, 取消); the icon-only ones get a
 * Chinese label.
 */
export const NO_ENGLISH_NAME = { 'aria-label': undefined } as Record<string, undefined>;

const defaults = (Modal as unknown as { defaultProps?: Record<string, unknown> }).defaultProps ?? {};
(Modal as unknown as { defaultProps: Record<string, unknown> }).defaultProps = {
  ...defaults,
  okButtonProps: NO_ENGLISH_NAME,
  cancelButtonProps: NO_ENGLISH_NAME,
};

/** Semi's English aria-label → Chinese ('' = drop it: the element's own text names it). */
const CHINESE: Record<string, string> = {
  confirm: '',
  cancel: '',
  close: '关闭',
  'Choose date': '选择日期',
  'Change date': '选择日期',
  'Clear range input value': '清空日期',
  clear: '清空',
  // Pagination (a Table's own pager; the list engine's is features/ui/pager.tsx)
  Previous: '上一页',
  Next: '下一页',
  More: '更多页',
  'Page size selector': '每页条数',
  // Table, Tree, TreeSelect, DatePicker and the rest of what Semi names in English
  'Select all rows': '全选',
  'Deselect all rows': '取消全选',
  'Select this row': '选择此行',
  'Deselect this row': '取消选择此行',
  'Expand this row': '展开此行',
  'Collapse this row': '收起此行',
  'Expand the tree item': '展开',
  'Collapse the tree item': '收起',
  'Filter Tree': '筛选',
  'Filter TreeSelect item': '筛选',
  'Clear TreeSelect value': '清空',
  'Clear TagInput value': '清空',
  TreeSelect: '树形选择',
  Cascader: '级联选择',
  Expand: '展开',
  Collapse: '收起',
  Close: '关闭',
  'Toggle the checked state of checkbox': '切换勾选',
  'Side navigation': '侧边导航',
  Breadcrumb: '面包屑',
  'Expand breadcrumb items': '展开路径',
  'Option list': '选项列表',
  'Selected list': '已选列表',
  'Transfer filter': '筛选',
  'Previous year': '上一年',
  'Previous month': '上一月',
  'Next year': '下一年',
  'Next month': '下一月',
  'Switch to time panel': '选择时间',
  'Switch to date panel': '选择日期',
  'Scroll left': '向左滚动',
  'Scroll right': '向右滚动',
  'Drag and sort': '拖动排序',
  'Filter data with this column': '按此列筛选',
  'Input group': '输入组',
  Color: '颜色',
  Alpha: '透明度',
};

const SORT_ORDER: Record<string, string> = { none: '未排序', ascending: '升序', descending: '降序' };

/**
 * A Select names its combobox "selected" once it has a value (and nothing before): a select whose visible label is
 * its prefix (期间 ▾, 状态 ▾) is named by that prefix; one labelled elsewhere (aria-labelledby, Named) keeps that.
 */
function nameSelect(el: Element) {
  const label = el.getAttribute('aria-label');
  if (el.hasAttribute('aria-labelledby')) {
    if (label === 'selected') el.removeAttribute('aria-label'); // the label it points at names it
    return;
  }
  if (label !== 'selected' && label !== '' && label !== null) return;
  const prefix = el.querySelector('.semi-select-prefix-text')?.textContent?.trim();
  if (prefix) el.setAttribute('aria-label', prefix);
  else if (label === 'selected') el.removeAttribute('aria-label');
}

function name(el: Element) {
  // an icon keeps its own name: the button around it is what gets the Chinese one (two elements both named 关闭
  // would make one control look like two)
  if (el.getAttribute('role') === 'img') return;
  if (el.getAttribute('role') === 'combobox' && el.classList.contains('semi-select')) return nameSelect(el);
  const label = el.getAttribute('aria-label') ?? '';
  const page = /^Page (\d+)$/.exec(label);
  if (page) return el.setAttribute('aria-label', `第 ${page[1]} 页`);
  // a Tag is named by its text ("Tag: 已审核" → 已审核; "Closable Tag: 管理员" → 管理员（可移除）)
  const tag = /^(Closable )?Tag: (.*)$/.exec(label);
  if (tag) {
    if (!tag[2]) return el.removeAttribute('aria-label');
    return el.setAttribute('aria-label', tag[1] ? `${tag[2]}（可移除）` : tag[2]);
  }
  // a sortable column's sorter (Table's ColumnSorter)
  const sort = /^Current sort order is (none|ascending|descending)$/.exec(label);
  if (sort) {
    if (el.getAttribute('aria-roledescription') === 'Sort data with this column')
      el.setAttribute('aria-roledescription', '按此列排序');
    return el.setAttribute('aria-label', `当前排序：${SORT_ORDER[sort[1]]}`);
  }
  const zh = CHINESE[label];
  if (zh === undefined) return;
  if (zh) el.setAttribute('aria-label', zh);
  else el.removeAttribute('aria-label');
}

function nameTree(el: Element) {
  if (el.hasAttribute('aria-label') || el.getAttribute('role') === 'combobox') name(el);
  for (const d of el.querySelectorAll('[aria-label], .semi-select[role="combobox"]')) name(d);
}

/** Watches the document (dialogs and popups mount late) and names Semi's widgets in Chinese. */
export function startChineseNames(doc: Document = document): () => void {
  nameTree(doc.body);
  const mo = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') {
        if (r.target instanceof Element) name(r.target);
      } else for (const n of r.addedNodes) if (n instanceof Element) nameTree(n);
    }
  });
  mo.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
  return () => mo.disconnect();
}

if (typeof document !== 'undefined' && document.body) startChineseNames();

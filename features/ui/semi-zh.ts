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
};

function name(el: Element) {
  // an icon keeps its own name: the button around it is what gets the Chinese one (two elements both named 关闭
  // would make one control look like two)
  if (el.getAttribute('role') === 'img') return;
  const zh = CHINESE[el.getAttribute('aria-label') ?? ''];
  if (zh === undefined) return;
  if (zh) el.setAttribute('aria-label', zh);
  else el.removeAttribute('aria-label');
}

function nameTree(el: Element) {
  if (el.hasAttribute('aria-label')) name(el);
  for (const d of el.querySelectorAll('[aria-label]')) name(d);
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

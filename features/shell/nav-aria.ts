/**
 * Semi's Nav renders a `ul[role=menu]` whose sub-menus are plain `li` / `ul` elements between the menu and its
 * `menuitem`s, which breaks the ARIA menu structure (Lighthouse: aria-required-children, aria-required-parent,
 * listitem). The sub-menu's `li` becomes presentational (`role=none`, without the focus and state attributes Semi
 * also puts on its title, the real menuitem) and its `ul` a `group`, so every menuitem is owned by its menu.
 * A MutationObserver keeps it so when sub-menus open (Semi mounts them lazily and re-sets the attributes); the
 * observer's own changes find nothing left to do, so it never loops.
 */
const STRIPPED = ['tabindex', 'aria-expanded', 'aria-disabled'];

export function fixNavAria(root: ParentNode): void {
  for (const li of root.querySelectorAll('li.semi-navigation-sub-wrap')) {
    if (li.getAttribute('role') !== 'none') li.setAttribute('role', 'none');
    for (const a of STRIPPED) if (li.hasAttribute(a)) li.removeAttribute(a);
  }
  for (const ul of root.querySelectorAll('ul.semi-navigation-sub:not([role])')) ul.setAttribute('role', 'group');
}

export function keepNavAria(root: HTMLElement): () => void {
  fixNavAria(root);
  const observer = new MutationObserver(() => fixNavAria(root));
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: STRIPPED });
  return () => observer.disconnect();
}

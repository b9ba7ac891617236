/**
 * Semi's Nav renders a `ul[role=menu]` whose sub-menus are plain `li` / `ul` elements between the menu and its
 * `menuitem`s, which breaks the ARIA menu structure (Lighthouse: aria-required-children, aria-required-parent,
 * listitem). Giving those wrappers the `group` role makes every menuitem owned by its menu. A MutationObserver keeps
 * it so when sub-menus open (Semi mounts them lazily); only child-list changes are observed, so setting the
 * attribute never re-triggers it.
 */
export function fixNavAria(root: ParentNode): void {
  for (const el of root.querySelectorAll('li.semi-navigation-sub-wrap:not([role]), ul.semi-navigation-sub:not([role])'))
    el.setAttribute('role', 'group');
}

export function keepNavAria(root: HTMLElement): () => void {
  fixNavAria(root);
  const observer = new MutationObserver(() => fixNavAria(root));
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

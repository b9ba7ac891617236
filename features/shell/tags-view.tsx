import { IconClose } from '@douyinfe/semi-icons';
import { Modal } from '@douyinfe/semi-ui';
import { memo, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useAppDispatch, useAppSelector } from '../../core/store/hooks.ts';
import { nextViewAfterClose, tabsActions, type VisitedView } from '../../core/tabs/tabs-slice.ts';

/** Spec §9: tab menu width 105. */
const MENU_WIDTH = 105;

/** Asks before closing a tab whose meta has tagCloseConfirm (spec §4 "Tab close"). */
function confirmClose(view: VisitedView): Promise<boolean> {
  if (!view.meta.tagCloseConfirm) return Promise.resolve(true);
  return new Promise((resolve) => {
    Modal.confirm({
      title: `确定关闭${view.title}吗?`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/** Tab strip of visited views (bladex-contract §9.2) with the 刷新/关闭/关闭其他/关闭所有 context menu. */
export const TagsView = memo(function TagsView({ activePath }: { activePath: string }) {
  const views = useAppSelector((s) => s.tabs.visitedViews);
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const [menu, setMenu] = useState<{ x: number; y: number; view: VisitedView } | null>(null);
  const stripRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menu) return;
    // close on a press outside the menu or on Escape (a page scroll leaves the fixed menu harmlessly in place)
    const onDown = (e: MouseEvent) => {
      if (!(e.target as Element | null)?.closest?.('.ly-tag-menu')) setMenu(null);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenu(null);
    window.addEventListener('mousedown', onDown);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('mousedown', onDown);
      window.removeEventListener('keydown', onKey);
    };
  }, [menu]);

  useEffect(() => {
    if (!activePath || !views.length) return;
    stripRef.current?.querySelector('.ly-tag.is-active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath, views.length]);

  const isActive = (v: VisitedView) => v.path === activePath;

  const close = async (view: VisitedView) => {
    setMenu(null);
    if (view.meta.affix || !(await confirmClose(view))) return;
    const next = nextViewAfterClose(views, view.fullPath);
    dispatch(tabsActions.delView(view.fullPath));
    if (isActive(view)) navigate(next);
  };
  const refresh = (view: VisitedView) => {
    setMenu(null);
    dispatch(tabsActions.delCachedView(view.fullPath));
    navigate(`/redirect${view.fullPath}`, { replace: true });
  };
  const closeOthers = (view: VisitedView) => {
    setMenu(null);
    navigate(view.fullPath);
    dispatch(tabsActions.delOthersViews(view.fullPath));
  };
  const closeAll = (view: VisitedView) => {
    setMenu(null);
    const affix = views.filter((v) => v.meta.affix);
    dispatch(tabsActions.delAllViews());
    if (view.meta.affix) {
      if (!isActive(view)) navigate(view.fullPath);
    } else navigate(affix.length ? affix[affix.length - 1].fullPath : '/dashboard');
  };

  return (
    <div className="ly-tags" data-testid="tags-view" ref={stripRef}>
      <div className="ly-tags-scroll" role="tablist" aria-label="已打开的页面">
        {views.map((v) => (
          <span
            key={v.fullPath}
            role="tab"
            aria-selected={isActive(v)}
            tabIndex={0}
            data-testid={`tag-${v.fullPath}`}
            className={`ly-tag${isActive(v) ? ' is-active' : ''}`}
            onClick={() => navigate(v.fullPath)}
            onKeyDown={(e) => e.key === 'Enter' && navigate(v.fullPath)}
            onMouseUp={(e) => e.button === 1 && void close(v)}
            onContextMenu={(e) => {
              e.preventDefault();
              const x = Math.min(e.clientX, window.innerWidth - MENU_WIDTH - 8);
              setMenu({ x, y: e.clientY, view: v });
            }}
          >
            {isActive(v) && <i className="ly-tag-dot" />}
            {v.title}
            {!v.meta.affix && (
              <button
                type="button"
                aria-label={`关闭${v.title}`}
                className="ly-tag-close"
                onClick={(e) => {
                  e.stopPropagation();
                  void close(v);
                }}
              >
                <IconClose size="extra-small" />
              </button>
            )}
          </span>
        ))}
      </div>
      {menu && (
        <div className="ly-tag-menu" role="menu" style={{ left: menu.x, top: menu.y, width: MENU_WIDTH }}>
          <button type="button" role="menuitem" onClick={() => refresh(menu.view)}>
            刷新
          </button>
          {!menu.view.meta.affix && (
            <button type="button" role="menuitem" onClick={() => void close(menu.view)}>
              关闭
            </button>
          )}
          <button type="button" role="menuitem" onClick={() => closeOthers(menu.view)}>
            关闭其他
          </button>
          <button type="button" role="menuitem" onClick={() => closeAll(menu.view)}>
            关闭所有
          </button>
        </div>
      )}
    </div>
  );
});

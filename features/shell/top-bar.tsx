import { IconExpand, IconIndentLeft, IconIndentRight, IconShrink } from '@douyinfe/semi-icons';
import { Avatar, Breadcrumb, Button, Dropdown } from '@douyinfe/semi-ui';
import { memo, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { notifyWarning } from '../../core/api/notify.ts';
import { ossUrl } from '../../core/format/url.ts';
import type { RouteRecord } from '../../core/router/routes.ts';
import { logout } from '../../core/session/session-actions.ts';
import { settingsActions } from '../../core/settings/settings-slice.ts';
import { useAppDispatch, useAppSelector } from '../../core/store/hooks.ts';
import { HeaderSearch } from './header-search.tsx';
import { findLeaf, useShellMenu } from './use-menu.ts';

function useFullscreen() {
  const [on, setOn] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const h = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', h);
    return () => document.removeEventListener('fullscreenchange', h);
  }, []);
  const toggle = () => {
    // spec §8: a warning when fullscreen is unsupported
    if (!document.fullscreenEnabled) {
      notifyWarning('您的浏览器不支持全屏');
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => notifyWarning('您的浏览器不支持全屏'));
  };
  return { on, toggle };
}

export function ShellBreadcrumb({ route, path }: { route: RouteRecord; path: string }) {
  const [, navigate] = useLocation();
  const { leaves } = useShellMenu();
  const leaf = findLeaf(leaves, path, route);
  const titles = leaf ? leaf.titles : [route.title];
  const crumbs = titles[0] === '首页' ? titles : ['首页', ...titles];
  return (
    <div data-testid="breadcrumb" className="ly-breadcrumb">
      <Breadcrumb>
        {crumbs.map((t, i) => (
          <Breadcrumb.Item
            key={crumbs.slice(0, i + 1).join('>')}
            onClick={i === 0 && crumbs.length > 1 ? () => navigate('/dashboard') : undefined}
          >
            {t}
          </Breadcrumb.Item>
        ))}
      </Breadcrumb>
    </div>
  );
}

/** Top bar (spec §2.11): hamburger, breadcrumb, header search, fullscreen, avatar menu. */
export const TopBar = memo(function TopBar({ route, path }: { route: RouteRecord; path: string }) {
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const opened = useAppSelector((s) => s.settings.sidebarOpened);
  const device = useAppSelector((s) => s.settings.device);
  const user = useAppSelector((s) => s.session.userInfo);
  const fullscreen = useFullscreen();
  const name = user?.real_name || user?.nick_name || user?.account || '用户';

  return (
    <header className="ly-topbar">
      <Button
        theme="borderless"
        type="tertiary"
        aria-label={opened ? '收起侧边栏' : '展开侧边栏'}
        icon={opened ? <IconIndentLeft /> : <IconIndentRight />}
        onClick={() => dispatch(settingsActions.toggleSidebar())}
      />
      {device !== 'mobile' && <ShellBreadcrumb route={route} path={path} />}
      <div className="ly-topbar-spacer" />
      {device !== 'mobile' && <HeaderSearch />}
      <Button
        theme="borderless"
        type="tertiary"
        aria-label={fullscreen.on ? '退出全屏' : '全屏'}
        icon={fullscreen.on ? <IconShrink /> : <IconExpand />}
        onClick={fullscreen.toggle}
      />
      <Dropdown
        position="bottomRight"
        trigger="click"
        render={
          <Dropdown.Menu>
            <Dropdown.Item onClick={() => navigate('/dashboard')}>首页</Dropdown.Item>
            <Dropdown.Item onClick={() => navigate('/user/info')}>个人信息</Dropdown.Item>
            <Dropdown.Item onClick={() => navigate('/lock')}>锁屏</Dropdown.Item>
            <Dropdown.Divider />
            <Dropdown.Item type="danger" onClick={() => void dispatch(logout())}>
              退出登录
            </Dropdown.Item>
          </Dropdown.Menu>
        }
      >
        <button type="button" className="ly-avatar" data-testid="avatar" aria-label={`${name} 用户菜单`}>
          {/* decorative (the button is labelled); Semi gives the avatar role=listitem, which needs a list */}
          <span aria-hidden="true" className="ly-avatar-img">
            <Avatar size="small" src={ossUrl(user?.avatar)} alt="" />
          </span>
          <span className="ly-avatar-name">{name}</span>
        </button>
      </Dropdown>
    </header>
  );
});

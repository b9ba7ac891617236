import { IconSearch } from '@douyinfe/semi-icons';
import { Select } from '@douyinfe/semi-ui';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { buildSearchPool, createSearcher } from './search-pool.ts';
import { useShellMenu } from './use-menu.ts';

/** Header search over visible menu entries (spec §2.11, fuse.js threshold 0.4, title 0.7 / path 0.3). */
export function HeaderSearch() {
  const [, navigate] = useLocation();
  const { leaves } = useShellMenu();
  const search = useMemo(() => createSearcher(buildSearchPool(leaves)), [leaves]);
  const [query, setQuery] = useState('');
  const options = useMemo(
    () => search(query).map((e) => ({ value: e.path, label: e.label, newWindow: e.newWindow })),
    [search, query],
  );
  return (
    <Select
      className="ly-header-search"
      data-testid="header-search"
      filter
      remote
      showClear
      prefix={<IconSearch />}
      placeholder="搜索菜单"
      emptyContent={query ? '没有匹配的菜单' : null}
      value={undefined}
      inputProps={{ 'data-testid': 'header-search-input' } as Record<string, string>}
      onSearch={setQuery}
      optionList={options}
      onChange={(v) => {
        const path = String(v ?? '');
        if (!path) return;
        const opt = options.find((o) => o.value === path);
        setQuery('');
        if (opt?.newWindow) window.open(path, '_blank');
        else navigate(path);
      }}
      style={{ width: 220 }}
    />
  );
}

import { IconSearch } from '@douyinfe/semi-icons';
import { Input } from '@douyinfe/semi-ui';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { buildSearchPool, createSearcher, type SearchEntry } from './search-pool.ts';
import { useShellMenu } from './use-menu.ts';

/**
 * Header search over visible menu entries (spec §2.11, fuse.js threshold 0.4, title 0.7 / path 0.3).
 * A plain input plus a listbox, so the input itself carries data-testid="header-search".
 */
export function HeaderSearch() {
  const [, navigate] = useLocation();
  const { leaves } = useShellMenu();
  const search = useMemo(() => createSearcher(buildSearchPool(leaves)), [leaves]);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const results = useMemo(() => search(query).slice(0, 12), [search, query]);

  const choose = (e: SearchEntry | undefined) => {
    if (!e) return;
    setQuery('');
    setOpen(false);
    if (e.newWindow) window.open(e.path, '_blank');
    else navigate(e.path);
  };

  return (
    <div className="ly-search">
      <Input
        data-testid="header-search"
        aria-label="搜索菜单"
        role="combobox"
        aria-expanded={open && results.length > 0}
        aria-controls="ly-search-list"
        prefix={<IconSearch />}
        placeholder="搜索菜单"
        showClear
        value={query}
        onChange={(v) => {
          setQuery(v);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, results.length - 1));
          else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
          else if (e.key === 'Enter')
            choose(results[active]); // default first option
          else if (e.key === 'Escape') setOpen(false);
        }}
      />
      {open && query.trim() && (
        <div className="ly-search-list" id="ly-search-list" role="listbox">
          {results.length === 0 && <div className="ly-search-empty">没有匹配的菜单</div>}
          {results.map((r, i) => (
            <div
              key={r.path}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={`ly-search-item${i === active ? ' is-active' : ''}`}
              onMouseEnter={() => setActive(i)}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(r);
              }}
            >
              {r.title.slice(0, -1).map((t) => (
                <span key={t} className="ly-search-parent">
                  {t} &gt;{' '}
                </span>
              ))}
              <span className="ly-search-title">{r.title[r.title.length - 1]}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

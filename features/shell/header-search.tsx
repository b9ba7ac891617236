import { IconSearch } from '@douyinfe/semi-icons';
import { Input } from '@douyinfe/semi-ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { SearchEntry } from './search-pool.ts';
import { useShellMenu } from './use-menu.ts';

type SearchPool = typeof import('./search-pool.ts');
/** fuse.js (≈10 kB gzip) is not part of the first load after sign-in: it comes when the browser is idle or on focus. */
let loading: Promise<SearchPool> | undefined;
const loadSearchPool = () => {
  loading ??= import('./search-pool.ts');
  return loading;
};
const IDLE_LOAD_MS = 1500;

/**
 * Header search over visible menu entries (spec §2.11, fuse.js threshold 0.4, title 0.7 / path 0.3).
 * A plain input plus a listbox, so the input itself carries data-testid="header-search".
 */
export function HeaderSearch() {
  const [, navigate] = useLocation();
  const { leaves } = useShellMenu();
  const [pool, setPool] = useState<SearchPool | null>(null);
  const load = useCallback(() => {
    void loadSearchPool().then(setPool);
  }, []);
  useEffect(() => {
    const t = setTimeout(load, IDLE_LOAD_MS);
    return () => clearTimeout(t);
  }, [load]);
  const search = useMemo(() => (pool ? pool.createSearcher(pool.buildSearchPool(leaves)) : null), [pool, leaves]);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const results = useMemo(() => (search ? search(query).slice(0, 12) : []), [search, query]);
  /** Enter pressed before fuse.js arrived: the first result is opened when it has. */
  const [enterPending, setEnterPending] = useState(false);

  const choose = useCallback(
    (e: SearchEntry | undefined) => {
      if (!e) return;
      setQuery('');
      setOpen(false);
      if (e.newWindow) window.open(e.path, '_blank');
      else navigate(e.path);
    },
    [navigate],
  );
  useEffect(() => {
    if (!enterPending || !search) return;
    setEnterPending(false);
    choose(results[0]);
  }, [enterPending, search, results, choose]);

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
        onFocus={() => {
          load();
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, results.length - 1));
          else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
          else if (e.key === 'Enter') {
            if (search)
              choose(results[active]); // default first option
            else setEnterPending(true);
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      {open && query.trim() && (
        <div className="ly-search-list" id="ly-search-list" role="listbox">
          {!search && <div className="ly-search-empty">搜索中…</div>}
          {search && results.length === 0 && <div className="ly-search-empty">没有匹配的菜单</div>}
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

import { Cascader } from '@douyinfe/semi-ui';
import { useCallback, useEffect, useState } from 'react';
import { type RegionRow, useLazyRegionChildrenQuery } from '../../core/api/crud.api.ts';

interface RegionNode {
  label: string;
  value: string;
  isLeaf: boolean;
  children?: RegionNode[];
}

/** GB/T 2260 codes nest by prefix (11 → 1101 → 110101): the ancestors of a stored code, root first. */
export function regionPath(code: string | null | undefined): string[] {
  if (!code) return [];
  const path: string[] = [];
  for (let n = 2; n < code.length; n += 2) path.push(code.slice(0, n));
  path.push(code);
  return path;
}

const toNodes = (rows: RegionRow[]): RegionNode[] =>
  rows.map((r) => ({ label: r.name, value: r.code, isLeaf: r.hasChildren === false }));

function attach(nodes: RegionNode[], parent: string, children: RegionNode[]): RegionNode[] {
  return nodes.map((n) =>
    n.value === parent
      ? { ...n, children, isLeaf: children.length === 0 }
      : n.children
        ? { ...n, children: attach(n.children, parent, children) }
        : n,
  );
}

/**
 * Region picker: a lazy cascader over `/api/blade-system/region/list?parentCode=` (one level per request). It
 * stores the code of the last chosen level; an existing code has its ancestors loaded so the labels show.
 */
export function RegionCascader({
  value,
  onChange,
  disabled,
  placeholder = '请选择行政区划',
}: {
  value: string | null | undefined;
  onChange: (code: string | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const [load] = useLazyRegionChildrenQuery();
  const [tree, setTree] = useState<RegionNode[]>([]);
  const fetchChildren = useCallback(async (parent: string) => toNodes(await load(parent, true).unwrap()), [load]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per stored value (ancestors for the label)
  useEffect(() => {
    let alive = true;
    void (async () => {
      let nodes = await fetchChildren('00');
      for (const code of regionPath(value).slice(0, -1)) nodes = attach(nodes, code, await fetchChildren(code));
      if (alive) setTree(nodes);
    })().catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [value ? value.slice(0, 4) : '']);

  return (
    <Cascader
      style={{ width: '100%' }}
      treeData={tree}
      value={regionPath(value)}
      disabled={disabled}
      placeholder={placeholder}
      changeOnSelect
      showClear
      loadData={async (selected) => {
        const last = selected[selected.length - 1];
        if (!last || last.children) return;
        const children = await fetchChildren(String(last.value));
        setTree((t) => attach(t, String(last.value), children));
      }}
      onChange={(v) => {
        const arr = (Array.isArray(v) ? v : v === undefined ? [] : [v]) as (string | number)[];
        onChange(arr.length ? String(arr[arr.length - 1]) : undefined);
      }}
    />
  );
}

import { Empty, Tree } from '@douyinfe/semi-ui';
import type { TreeNodeData } from '@douyinfe/semi-ui/lib/es/tree';
import { useEffect, useState } from 'react';
import { useLazyRegionChildrenQuery } from '../../core/api/crud.api.ts';
import type { Region } from '../../core/contract/blade-system.contract.ts';
import { ValueGrid } from '../../features/crud/value-grid.tsx';

const LEVELS = ['国家', '省级', '地级', '县级', '乡级', '村级'];
type Node = TreeNodeData & { region: Region };
const toNode = (r: Region): Node => ({ label: r.name, key: r.code, value: r.code, isLeaf: !r.hasChildren, region: r });
const attach = (nodes: Node[], key: string, kids: Node[]): Node[] =>
  nodes.map((n) => ({ ...n, children: n.key === key ? kids : n.children && attach(n.children as Node[], key, kids) }));

/** 行政区划 (/base/region): browse GB/T 2260 regions level by level (region/list?parentCode=, loaded on expand). */
export default function RegionScreen() {
  const [load] = useLazyRegionChildrenQuery();
  const [tree, setTree] = useState<Node[]>([]);
  const [picked, setPicked] = useState<Region>();
  const children = async (code: string) => ((await load(code, true).unwrap()) as Region[]).map(toNode);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the provinces, once
  useEffect(() => void children('00').then(setTree), []);
  const p = picked;
  const items: [string, string][] = p
    ? [
        ['区划编码', p.code],
        ['区划名称', p.name],
        ['区划层级', LEVELS[p.regionLevel]],
        ['上级编码', p.parentCode],
        ['祖级编码', p.ancestors],
      ]
    : [];
  return (
    <div className="ly-split" data-testid="region-screen">
      <aside className="ly-tree-panel ly-region-tree">
        <div className="ly-tree-panel-head">
          <span className="ly-tree-panel-title">行政区划</span>
        </div>
        <Tree
          treeData={tree}
          loadData={async (node) => {
            const kids = await children(String(node?.key));
            setTree((t) => attach(t, String(node?.key), kids));
          }}
          onSelect={(_k, _s, node) => setPicked((node as Node).region)}
        />
      </aside>
      <section className="ly-page ly-detail" style={{ flex: 1 }}>
        <h1 className="ly-page-title">{p ? p.name : '行政区划'}</h1>
        {p ? (
          <ValueGrid items={items} testId="region-detail" />
        ) : (
          <Empty description="请在左侧选择行政区划（GB/T 2260）" />
        )}
      </section>
    </div>
  );
}

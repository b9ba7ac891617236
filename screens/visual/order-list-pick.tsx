/**
 * /visual/loadometer-order-list (the menu's link, issue 26): opens the list of a real weighbridge of the user's
 * department — the first one 大屏配置 names, else the department's first — instead of a hard-coded `/1/1` that
 * answered 地磅不存在. An old link to a weighbridge that does not exist lands here too (order-list.tsx).
 */
import { useEffect, useState } from 'react';
import { VISUAL_ENDPOINTS } from '../../core/contract/izs-visual/visual.contract.ts';
import { WallFrame } from '../../features/wall/frame.tsx';
import { wallCall } from '../../features/wall/wall-fetch.ts';

export function BridgePick({ orderType = '0' }: { orderType?: string }) {
  const [error, setError] = useState<string>();
  useEffect(() => {
    let alive = true;
    void wallCall(VISUAL_ENDPOINTS.config)
      .then((r) => {
        if (!alive) return;
        if (r.code !== 200) return setError(r.code === 401 ? '请先登录后台，再打开数据大屏' : r.msg);
        const known = new Set(r.data.options.weighbridges.map((w) => w.id));
        const id = r.data.config.weighbridgeIds.find((x) => known.has(x)) ?? r.data.options.weighbridges[0]?.id;
        if (!id) return setError('本部门没有地磅：请先在 基础数据 → 地磅管理 中添加');
        window.history.replaceState(
          null,
          '',
          `/visual/loadometer-order-list/${orderType}/${id}${window.location.search}`,
        );
        window.dispatchEvent(new PopStateEvent('popstate'));
      })
      .catch(() => alive && setError('无法连接服务器'));
    return () => {
      alive = false;
    };
  }, [orderType]);
  return <WallFrame title="磅单列表" error={error} loading={!error} />;
}

export default function OrderListPick() {
  return <BridgePick />;
}

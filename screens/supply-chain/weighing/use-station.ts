/**
 * What every weighing screen needs around the scale: the plugin link (spec §4) at this PC's address (the
 * station setting, else the server's SCALE_PLUGIN_URL from socket-config, else the bridge default), the
 * weighbridges to pick from, and the cameras of the chosen one (spec §7.6 cameras `look`).
 */
import { useCallback, useMemo, useState } from 'react';
import { type Row, useSelectListQuery } from '../../../core/api/crud.api.ts';
import { useWeighingSocketSocketConfigQuery } from '../../../core/api/izs-weighing.api.ts';
import { type CameraRow, useStationCamerasListQuery } from '../../../core/api/izs-weighing-order.api.ts';
import { useBizCache } from '../../../core/biz-cache/use-biz-cache.ts';
import type { CameraLook } from '../../../core/contract/izs-sell/cameras.contract.ts';
import { WEIGHBRIDGE_SELECT } from '../../../core/contract/izs-stock/fields.ts';
import { getAccessToken } from '../../../core/session/cookies.ts';
import { useAppSelector } from '../../../core/store/hooks.ts';
import { useScaleLink } from '../../../features/weighing/use-scale-link.ts';
import { useWeightRelay } from '../../../features/weighing/use-weight-relay.ts';
import { loadStationSettings, saveStationSettings } from './station-settings.ts';

export function useStationLink(weighbridge?: WeighbridgeOption) {
  const cfg = useWeighingSocketSocketConfigQuery();
  const [local, setLocal] = useState(() => loadStationSettings().pluginUrl ?? '');
  const url = local || cfg.data?.pluginUrl || undefined;
  // wait for the server's default before the first attempt, so a wrong default is not reported as a failure
  const link = useScaleLink({ url, active: !!local || !cfg.isLoading });
  // the weight goes on to the weighbridge's department channel: the wall's 地磅数据看板 shows it live (issue 26)
  const tenantId = useAppSelector((s) => s.session.tenantId);
  useWeightRelay({
    config: cfg.data,
    token: getAccessToken(),
    tenantId,
    deptId: weighbridge?.deptId,
    scale: weighbridge?.code ?? weighbridge?.id,
    weight: link.weight,
  });
  const setPluginUrl = useCallback((v: string) => {
    saveStationSettings({ pluginUrl: v.trim() });
    setLocal(v.trim());
  }, []);
  return { ...link, url: url ?? '', localUrl: local, setPluginUrl };
}

export interface WeighbridgeOption {
  id: string;
  name: string;
  code?: string;
  /** From the business cache when it holds the weighbridge (warehouse, division). */
  warehouseId?: string | null;
  divisionKg?: string;
  /** issue 24: the scale's minimum capture (kg, '0' = 20 divisions) and its stable window (s). */
  minWeightKg?: string;
  stableSeconds?: number;
  /** The weighbridge's department: its weights go on that department's channel. */
  deptId?: string;
}

/** The weighbridges the user may weigh on (select-list), with the cache's warehouse and division when known. */
export function useWeighbridges(): { list: WeighbridgeOption[]; loading: boolean } {
  const q = useSelectListQuery(WEIGHBRIDGE_SELECT.endpoint);
  const biz = useBizCache();
  const list = useMemo(
    () =>
      (q.data ?? []).map((r: Row) => {
        const cached = biz.weighbridgeList.find((b) => b.id === r.id);
        return {
          id: String(r.id),
          name: String(r.name ?? ''),
          code: r.code ? String(r.code) : undefined,
          deptId: r.deptId ? String(r.deptId) : undefined,
          warehouseId: (cached?.warehouseId as string | null | undefined) ?? undefined,
          divisionKg: (cached?.divisionKg as string | undefined) ?? undefined,
          minWeightKg: (cached?.minWeightKg as string | undefined) ?? undefined,
          stableSeconds: cached?.stableSeconds === undefined ? undefined : Number(cached.stableSeconds),
        };
      }),
    [q.data, biz.weighbridgeList],
  );
  return { list, loading: q.isLoading };
}

/** The weighbridge of a route id, else this PC's last one, else the first; `fixed` when the route was wrong. */
export function pickWeighbridge(list: WeighbridgeOption[], routeId: string | undefined) {
  const byRoute = list.find((w) => w.id === routeId);
  if (byRoute) return { weighbridge: byRoute, fixed: false };
  const saved = loadStationSettings().weighbridgeId;
  return { weighbridge: list.find((w) => w.id === saved) ?? list[0], fixed: true };
}

export interface CameraView extends CameraRow {
  look?: CameraLook;
}

/** The cameras of a weighbridge with their snapshot addresses. `snapshots()` answers the addresses a pass records. */
export function useCameras(weighbridgeId: string | undefined) {
  const list = useStationCamerasListQuery({ weighbridgeId: weighbridgeId ?? '' }, { skip: !weighbridgeId });
  const cameras: CameraView[] = useMemo(
    () => (list.data ?? []).map((l) => ({ id: l.id, name: l.name, position: l.position, status: 1, look: l })),
    [list.data],
  );
  const snapshots = useCallback(
    () => cameras.map((c) => c.look?.snapshotUrl ?? '').filter((u) => /^https?:\/\//.test(u)),
    [cameras],
  );
  return { cameras, snapshots };
}

/**
 * Registry metrics on a wall screen (issue 21, core/contract/izs-visual/metrics.contract.ts): one call for the
 * names a screen shows, each figure labelled and explained (hover) by the registry, its exact value on data-value.
 */
import {
  METRIC_ENDPOINTS,
  type MetricName,
  type MetricValue,
} from '../../core/contract/izs-visual/metrics.contract.ts';
import { t2, wan } from './format.ts';
import { Figure } from './frame.tsx';
import { useWallData } from './use-wall-data.ts';

/** The named metrics, reloaded with the screen. */
export function useWallMetrics(names: readonly MetricName[], refreshMs: number): Map<MetricName, MetricValue> {
  const { data } = useWallData(METRIC_ENDPOINTS.values, { query: { names: names.join(',') } }, refreshMs);
  return new Map((data ?? []).map((m) => [m.name, m]));
}

export function MetricFigure({ m, testId, size }: { m: MetricValue | undefined; testId?: string; size?: number }) {
  if (!m || m.value === null) return null;
  return (
    <Figure
      label={m.label}
      value={m.unit === 'yuan' ? wan(m.value) : t2(m.value)}
      unit={m.unit === 'yuan' ? '万元' : '吨'}
      hint={`${m.label}：${m.definition}`}
      metric={{ name: m.name, value: m.value }}
      testId={testId}
      size={size}
    />
  );
}

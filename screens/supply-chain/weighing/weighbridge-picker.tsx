import { Select } from '../../../features/ui/select.tsx';
import { saveStationSettings } from './station-settings.ts';

/** The station's 地磅 picker (简易过磅, 分拣过磅): the pick is kept in the station's settings for the next visit. */
export function WeighbridgePicker({
  list,
  value,
  onPick,
  width,
}: {
  list: readonly { id: string; name: string }[];
  value: string | undefined;
  onPick: (id: string) => void;
  width: number;
}) {
  return (
    <Select
      value={value}
      optionList={list.map((w) => ({ label: w.name, value: w.id }))}
      onChange={(v) => {
        onPick(String(v));
        saveStationSettings({ weighbridgeId: String(v) });
      }}
      prefix="地磅"
      style={{ width }}
    />
  );
}

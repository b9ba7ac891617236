/**
 * React side of the weighing-scale socket (spec §4): `enabled` once the plugin link is up, the latest weight
 * (debounced 100 ms) with `parsedData` (spec §3 "Weighbridge live value": a number, for display only — capture
 * the decimal string `weight.value`), the latest plate, and `reset` to reconnect.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CarReading, WeightReading } from '../../core/contract/izs-weighing/socket.contract.ts';
import type { ScaleSample } from '../../core/weighing/anti-cheat.ts';
import { readingKg } from '../../core/weighing/reading.ts';
import { pushSample } from './sample-buffer.ts';
import { type PortErrorDetail, ScaleLink, type ScaleLinkOptions, type ScaleLinkStatus } from './scale-link.ts';

export interface UseScaleLink {
  status: ScaleLinkStatus;
  enabled: boolean;
  weight: WeightReading | undefined;
  parsedData: number;
  car: CarReading | undefined;
  error: PortErrorDetail | undefined;
  reset(): void;
  /**
   * issue 24: the readings of the last 30 s as the bridge reported them (kg, oldest first; every frame, runs of
   * identical frames kept by their first and last — sample-buffer.ts) — sent with a capture so
   * that the server checks the stable window and looks for a step while stable (core/weighing/anti-cheat.ts).
   */
  recent(): ScaleSample[];
}

export function useScaleLink(
  opts: { url?: string; active?: boolean; createClient?: ScaleLinkOptions['createClient'] } = {},
): UseScaleLink {
  const { url, active = true, createClient } = opts;
  const [status, setStatus] = useState<ScaleLinkStatus>('idle');
  const [weight, setWeight] = useState<WeightReading>();
  const [car, setCar] = useState<CarReading>();
  const [error, setError] = useState<PortErrorDetail>();
  const link = useRef<ScaleLink | undefined>(undefined);
  const samples = useRef<ScaleSample[]>([]);

  useEffect(() => {
    if (!active) return;
    const l = new ScaleLink({
      url,
      createClient,
      onStatus: (s) => {
        setStatus(s);
        if (s === 'enabled') setError(undefined);
      },
      // every frame, not the display's debounced one (sample-buffer.ts)
      onReading: (w) => {
        const kg = readingKg(w.value, w.unit);
        if (kg !== null) pushSample(samples.current, { t: w.time, v: kg, s: w.stable });
      },
      onWeight: setWeight,
      onCar: setCar,
      onPortError: setError,
    });
    link.current = l;
    l.connect();
    return () => {
      l.disconnect();
      link.current = undefined;
    };
  }, [url, active, createClient]);

  const reset = useCallback(() => link.current?.reset(), []);
  const recent = useCallback(() => [...samples.current], []);
  return {
    status,
    enabled: status === 'enabled',
    weight,
    parsedData: weight ? Number(weight.value) : 0,
    car,
    error,
    reset,
    recent,
  };
}

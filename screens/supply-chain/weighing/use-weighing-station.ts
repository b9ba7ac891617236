/**
 * The workstation's state and commands (shared by /supply-chain/loadometer/{id} and the simplified
 * /supply-chain/ease-loadometer): the truck on the deck (a new one, or its open record), the form, the price
 * default from the price list, the camera's plate, the capture rules of station-model.ts, and the commands
 * 一次过磅 / 二次过磅 / 完成 / 打印 against the izs-weighing order endpoints.
 */

import { Toast } from '@douyinfe/semi-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import Decimal from 'decimal.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBaseConfigBusinessDetailQuery } from '../../../core/api/izs-base.api.ts';
import { useStockPriceLookupQuery } from '../../../core/api/izs-stock.api.ts';
import {
  useLazyDispatchSlipScanQuery,
  useLazyWeighOpenQuery,
  useWeighCompleteMutation,
  useWeighFirstPassMutation,
  useWeighSecondPassMutation,
} from '../../../core/api/izs-weighing-order.api.ts';
import { useBizCache } from '../../../core/biz-cache/use-biz-cache.ts';
import type { WeighingOrder } from '../../../core/contract/izs-weighing/orders.contract.ts';
import { formatKg } from '../../../core/format/amounts.ts';
import { hasPermission } from '../../../core/permissions/permissions-slice.ts';
import { useAppSelector } from '../../../core/store/hooks.ts';
import { minCaptureKg } from '../../../core/weighing/anti-cheat.ts';
import type { UseScaleLink } from '../../../features/weighing/use-scale-link.ts';
import { openMemoPrint } from './memo-actions.tsx';
import type { FormKey } from './station-form.tsx';
import {
  captureOf,
  editableBody,
  emptyForm,
  firstPassBody,
  formFromRecord,
  laneSeenOf,
  type ManualEntry,
  normalizePlate,
  type OrderType,
  partyOf,
  previewOf,
  type StationForm,
  secondPassBody,
  stageOf,
  underSlip,
} from './station-model.ts';
import type { WeighbridgeOption } from './use-station.ts';

/** The fields whose change looks the price up again (and forgets a typed price). */
const PRICED_BY = new Set<string>(['materialId', 'partyId', 'orderType']);

export const PRICE_UNIT_NAMES: Record<string, string> = { yuan_per_tonne: '元/吨', yuan_per_kg: '元/千克' };

type Lookup = { priceType: 'purchase' | 'sale'; materialId: string; partyId?: string };

export interface ActionState {
  enabled: boolean;
  hint: string;
}

export function useWeighingStation({
  weighbridge,
  link,
  snapshots,
}: {
  weighbridge?: WeighbridgeOption;
  link: UseScaleLink;
  snapshots: () => string[];
}) {
  const map = useAppSelector((s) => s.permissions.map);
  const deptId = useAppSelector((s) => s.session.defaultDeptId);
  const canCapture =
    hasPermission(map, 'supply_chain_loadometer_add') || hasPermission(map, 'supply_chain_weight_memo_add');
  const canManual = hasPermission(map, 'supply_chain_loadometer_manual');
  const cfg = useBaseConfigBusinessDetailQuery(deptId ? { deptId } : skipToken);
  const places = cfg.data?.weightPrecision ?? 3;
  const biz = useBizCache();

  const [record, setRecord] = useState<WeighingOrder | null>(null);
  const [form, setFormState] = useState<StationForm>(() => emptyForm('purchase', weighbridge?.warehouseId ?? ''));
  // the latest form, also between two changes that land before React re-renders (a select's late onChange)
  const formRef = useRef(form);
  formRef.current = form;
  const setForm = useCallback((next: StationForm | ((f: StationForm) => StationForm)) => {
    formRef.current = typeof next === 'function' ? next(formRef.current) : next;
    setFormState(formRef.current);
  }, []);
  const [dirty, setDirtyState] = useState({ unitPrice: false, impurityRate: false });
  // what the clerk typed, also between a keystroke and the next render (a price answer landing in that gap
  // must not overwrite a typed price)
  const dirtyRef = useRef(dirty);
  /** issue 24: the 派车单 read for the new truck (its first pass is made under it while the plate is the slip's) */
  const slipRef = useRef<{ slipNo: string; carNumber: string } | null>(null);
  const setDirty = useCallback((next: typeof dirty | ((d: typeof dirty) => typeof dirty)) => {
    dirtyRef.current = typeof next === 'function' ? next(dirtyRef.current) : next;
    setDirtyState(dirtyRef.current);
  }, []);
  const [plateSource, setPlateSource] = useState<'' | 'camera' | 'typed'>('');
  const [cameraHint, setCameraHint] = useState('');
  const [manual, setManual] = useState<ManualEntry>({ on: false, value: '' });
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [priceInfo, setPriceInfo] = useState<{ unit?: string; source?: string }>({});
  const [busy, setBusy] = useState(false);
  const [previous, setPrevious] = useState<WeighingOrder | null>(null);

  const [firstPassMut] = useWeighFirstPassMutation();
  const [secondPassMut] = useWeighSecondPassMutation();
  const [completeMut] = useWeighCompleteMutation();
  const [findOpen] = useLazyWeighOpenQuery();
  const [scanSlip] = useLazyDispatchSlipScanQuery();
  const price = useStockPriceLookupQuery(lookup ?? skipToken);

  const stage = stageOf(record);
  const division = weighbridge?.divisionKg ?? '20';

  // the warehouse of the weighbridge is the default for a new truck
  useEffect(() => {
    if (!record && weighbridge?.warehouseId) {
      setForm((f) => (f.warehouseId ? f : { ...f, warehouseId: weighbridge.warehouseId ?? '' }));
    }
  }, [weighbridge?.warehouseId, record, setForm]);

  // the price list's answer fills the price unless the clerk typed one
  useEffect(() => {
    if (!price.data || !lookup || price.originalArgs !== lookup) return;
    setPriceInfo({ unit: price.data.priceUnit, source: price.data.source });
    setForm((f) => (dirtyRef.current.unitPrice ? f : { ...f, unitPrice: price.data?.price ?? f.unitPrice }));
  }, [price.data, price.originalArgs, lookup, setForm]);

  const requestPrice = useCallback((f: StationForm) => {
    const priceType = partyOf(f.orderType).priceType;
    setLookup(
      priceType && f.materialId
        ? { priceType, materialId: f.materialId, ...(f.partyId ? { partyId: f.partyId } : {}) }
        : null,
    );
  }, []);

  const loadRecord = useCallback(
    (r: WeighingOrder) => {
      setRecord(r);
      setForm(formFromRecord(r));
      setDirty({ unitPrice: true, impurityRate: true });
      setPriceInfo({ unit: r.priceUnit });
      setLookup(null);
      setPlateSource('');
      setCameraHint('');
      setManual((m) => ({ ...m, on: false }));
    },
    [setForm, setDirty],
  );

  const newTruck = useCallback(
    (plate = '', source: '' | 'camera' = '') => {
      setRecord(null);
      setForm((f) => ({
        ...emptyForm(f.orderType, weighbridge?.warehouseId ?? f.warehouseId),
        carNumber: plate,
      }));
      setDirty({ unitPrice: false, impurityRate: false });
      setPriceInfo({});
      setLookup(null);
      setPlateSource(plate ? source : '');
      setCameraHint('');
      setManual((m) => ({ ...m, on: false }));
    },
    [weighbridge?.warehouseId, setForm, setDirty],
  );

  /** Loads the plate's open record when it has one (the truck is back for its second pass). */
  const checkPlate = useCallback(
    async (plateText: string) => {
      const plate = normalizePlate(plateText);
      if (!plate) return null;
      const r = await findOpen({ carNumber: plate })
        .unwrap()
        .catch(() => null);
      if (r && r.id !== record?.id) {
        loadRecord(r);
        Toast.info({ content: `车辆 ${plate} 有未完成的磅单 ${r.orderNo}，已载入，请二次过磅`, duration: 3 });
      }
      return r;
    },
    [findOpen, loadRecord, record?.id],
  );

  // a plate from the camera: fills a new truck (unless the clerk typed one) or starts the next truck
  const lastCar = useRef<number | undefined>(undefined);
  useEffect(() => {
    const car = link.car;
    if (!car || car.time === lastCar.current) return;
    lastCar.current = car.time;
    const plate = normalizePlate(car.carNumber);
    if (stage === 'completed' || stage === 'voided') {
      newTruck(plate, 'camera');
      void checkPlate(plate);
    } else if (stage === 'new') {
      if (plateSource === 'typed' && form.carNumber) return setCameraHint(plate);
      setForm((f) => ({ ...f, carNumber: plate }));
      setPlateSource('camera');
      void checkPlate(plate);
    } else if (plate !== record?.carNumber) {
      setCameraHint(plate);
    }
  }, [link.car, stage, plateSource, form.carNumber, record?.carNumber, newTruck, checkPlate, setForm]);

  const setField = useCallback(
    (key: FormKey, value: string) => {
      // picking the same party / material / type again is no change: the typed price and its lookup stay
      if (PRICED_BY.has(key) && formRef.current[key] === value) return;
      const next = { ...formRef.current, [key]: value } as StationForm;
      if (key === 'orderType') next.partyId = ''; // suppliers and customers are different lists
      if (key === 'materialId') {
        // the business cache knows the material's price unit and 扣杂率 (else the server fills the rate)
        const m = biz.materialList.find((x) => x.id === value);
        if (m?.priceUnit) setPriceInfo((p) => ({ ...p, unit: String(m.priceUnit) }));
        if (m?.deductRate !== undefined) next.impurityRate = String(m.deductRate);
        else if (!record) next.impurityRate = '';
      }
      setForm(next);
      if (key === 'materialId' || key === 'partyId' || key === 'orderType') requestPrice(next);
      if (key === 'carNumber') setPlateSource('typed');
      if (key === 'unitPrice') setDirty((d) => ({ ...d, unitPrice: true }));
      if (key === 'impurityRate') setDirty((d) => ({ ...d, impurityRate: true }));
      if (key === 'materialId') setDirty({ unitPrice: false, impurityRate: false });
      if (key === 'partyId' || key === 'orderType') setDirty((d) => ({ ...d, unitPrice: false }));
    },
    [biz.materialList, record, requestPrice, setForm, setDirty],
  );

  const minKg = minCaptureKg({ minWeightKg: weighbridge?.minWeightKg ?? '0', divisionKg: division });
  const capture = captureOf({ enabled: link.enabled, weight: link.weight }, manual, canManual, minKg);
  /** What the lane saw (issue 24): the camera's plate of the last 2 minutes, the readings, the sensors. */
  const laneSeen = () => {
    const car = link.car && Date.now() - link.car.time < 120_000 ? normalizePlate(link.car.carNumber) : '';
    return laneSeenOf(capture, manual, car, link.recent ? link.recent() : [], link.weight?.sensors);
  };
  /** A capture the rules flagged is held as 异常过磅 (the record says how many). */
  const heldToast = (r: WeighingOrder) => {
    if (r.openExceptions) {
      Toast.warning({
        content: `异常过磅：磅单 ${r.orderNo} 有 ${r.openExceptions} 条异常，需主管在「异常过磅」放行后才能完成`,
        duration: 5,
      });
    }
  };
  const priceUnit = priceInfo.unit ?? record?.priceUnit ?? 'yuan_per_tonne';
  const preview = previewOf(record, form, capture.weight || undefined, priceUnit, places);

  const sameAsFirst =
    stage === 'second' &&
    !capture.manual &&
    !!record &&
    !!capture.weight &&
    new Decimal(capture.weight).minus(record.firstWeight).abs().lessThan(division);

  const actions = useMemo(() => {
    const no = (hint: string): ActionState => ({ enabled: false, hint });
    const yes: ActionState = { enabled: !busy, hint: '' };
    const captureGate = (): ActionState | null =>
      !canCapture ? no('没有过磅权限') : !capture.ok ? no(capture.reason) : null;
    return {
      first: stage !== 'new' ? no('') : (captureGate() ?? (!form.carNumber.trim() ? no('请输入车牌号') : yes)),
      second:
        stage !== 'second'
          ? no(stage === 'new' ? '请先一次过磅或从场内车辆中选择' : '')
          : (captureGate() ?? (sameAsFirst ? no('重量与一次过磅相同，车辆未卸货/装货') : yes)),
      complete:
        stage === 'weighed' && record?.openExceptions
          ? no('异常过磅，需主管放行后才能完成')
          : stage === 'weighed' && canCapture
            ? yes
            : no(stage === 'second' ? '请先二次过磅' : ''),
      print: record && stage !== 'voided' ? yes : previous ? yes : no('暂无磅单'),
    };
  }, [busy, canCapture, capture.ok, capture.reason, stage, form.carNumber, sameAsFirst, record, previous]);

  /** A refused key press says why (the button's tooltip is not seen when the clerk uses the keyboard). */
  const refused = (a: ActionState): undefined => {
    if (a.hint && !busy) Toast.warning({ content: a.hint, duration: 2 });
    return undefined;
  };

  const run = async <T>(fn: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    try {
      return await fn();
    } catch {
      return undefined; // the base query has shown the server's message (spec §8)
    } finally {
      setBusy(false);
    }
  };

  const kg = (v: string | null | undefined) => `${formatKg(v ?? '0', { places })} kg`;

  const firstPass = async () => {
    if (!actions.first.enabled || !weighbridge) return refused(actions.first);
    // the latest form and typed flags (refs): a key pressed right after typing may reach a handler of the render
    // before, whose `form` does not have the typed price yet (the server would then take the price list's)
    const body = underSlip(
      firstPassBody(
        formRef.current,
        weighbridge.id,
        capture,
        snapshots(),
        {
          unitPrice: !dirtyRef.current.unitPrice,
          impurityRate: !dirtyRef.current.impurityRate,
        },
        laneSeen(),
      ),
      slipRef.current,
    );
    const r = await run(() => firstPassMut(body).unwrap());
    if (!r) return undefined;
    slipRef.current = null;
    heldToast(r);
    Toast.success({
      content: `一次过磅完成：${r.carNumber} ${kg(r.firstWeight)}，磅单号 ${r.orderNo}`,
      duration: 3,
    });
    setPrevious(r);
    newTruck();
    return r;
  };

  const secondPass = async (complete = false) => {
    if (!actions.second.enabled || !record) return refused(actions.second);
    const r = await run(() =>
      secondPassMut(secondPassBody(formRef.current, record.id, capture, snapshots(), complete, laneSeen())).unwrap(),
    );
    if (!r) return undefined;
    loadRecord(r);
    if (r.openExceptions) {
      heldToast(r);
      return r;
    }
    Toast.success({
      content:
        r.weighState === 'completed'
          ? `过磅完成：${r.carNumber} 净重 ${kg(r.netWeight)}${r.stockOrderNo ? `，已生成 ${r.stockOrderNo}` : ''}`
          : `二次过磅完成：${r.carNumber} 净重 ${kg(r.netWeight)}`,
      duration: 3,
    });
    return r;
  };

  const complete = async () => {
    if (!actions.complete.enabled || !record) return refused(actions.complete);
    const r = await run(() => completeMut({ id: record.id, ...editableBody(formRef.current) }).unwrap());
    if (!r) return undefined;
    loadRecord(r);
    Toast.success({
      content: `磅单 ${r.orderNo} 已完成${r.stockOrderNo ? `，已生成出入库单 ${r.stockOrderNo}` : ''}`,
      duration: 3,
    });
    return r;
  };

  const print = () => {
    const r = record && stageOf(record) !== 'voided' ? record : previous;
    if (r) openMemoPrint(r.id, r.warehouseId);
  };

  /**
   * 派车单 (issue 24): the slip's number or QR text identifies the truck — plate, direction, party, material,
   * driver and contract come from the slip (a new truck only). A refused slip (expired, not yet valid, closed) says
   * why; a camera plate that differs from the slip's is warned here and flagged at capture (车牌识别不一致).
   */
  const applySlip = async (code: string) => {
    if (!code.trim() || stage !== 'new') return null;
    const cam = link.car && Date.now() - link.car.time < 120_000 ? normalizePlate(link.car.carNumber) : '';
    const r = await scanSlip({ code: code.trim(), ...(cam ? { carNumber: cam } : {}) })
      .unwrap()
      .catch(() => null); // the base query's toast says why
    if (!r) return null;
    slipRef.current = { slipNo: r.slipNo, carNumber: r.carNumber };
    const next: StationForm = {
      ...formRef.current,
      orderType: r.orderType === 'sale' ? 'sale' : 'purchase',
      carNumber: r.carNumber,
      partyId: r.partyId,
      materialId: r.materialId,
      driverName: r.driverName || formRef.current.driverName,
      contractId: r.contractId ?? '',
    };
    const m = biz.materialList.find((x) => x.id === r.materialId);
    if (m?.priceUnit) setPriceInfo((p) => ({ ...p, unit: String(m.priceUnit) }));
    if (m?.deductRate !== undefined) next.impurityRate = String(m.deductRate);
    setForm(next);
    setPlateSource('typed');
    setDirty({ unitPrice: false, impurityRate: false });
    requestPrice(next);
    if (r.plateMismatch) Toast.warning({ content: `${r.warning}，过磅将记为异常`, duration: 4 });
    else Toast.success({ content: `已读取派车单 ${r.slipNo}：${r.carNumber} ${r.partyName} ${r.materialName}` });
    void checkPlate(r.carNumber);
    return r;
  };

  /** The simplified flow: the plate's open record gets its second pass (and completes), else a first pass. */
  const weighAuto = async () => {
    if (stage === 'new' && form.carNumber) {
      const open = await checkPlate(form.carNumber);
      if (open) return undefined; // loaded: the clerk checks it and presses again
    }
    if (stage === 'new') return firstPass();
    if (stage === 'second') return secondPass(true);
    if (stage === 'weighed') return complete();
    return undefined;
  };

  return {
    stage,
    record,
    previous,
    form,
    setField,
    orderTypeLocked: !!record,
    loadRecord,
    newTruck,
    checkPlate,
    plateSource,
    cameraHint,
    acceptCameraHint: () => {
      const plate = cameraHint;
      newTruck(plate, 'camera');
      void checkPlate(plate);
    },
    manual,
    setManual,
    canManual,
    canCapture,
    capture,
    preview,
    places,
    priceUnit,
    priceUnitName: PRICE_UNIT_NAMES[priceUnit] ?? '元/吨',
    priceSource: priceInfo.source,
    busy,
    actions,
    firstPass,
    secondPass,
    complete,
    print,
    weighAuto,
    applySlip,
    setOrderType: (t: OrderType) => setField('orderType', t),
  };
}

export type WeighingStation = ReturnType<typeof useWeighingStation>;

/** F2 一次过磅, F3 二次过磅, F4 完成, F8 打印, F9 下一车 — while the screen is shown. */
export function useStationKeys(keys: Partial<Record<'F2' | 'F3' | 'F4' | 'F8' | 'F9', () => void>>) {
  const ref = useRef(keys);
  ref.current = keys;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const fn = ref.current[e.key as 'F2'];
      if (!fn || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      fn();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

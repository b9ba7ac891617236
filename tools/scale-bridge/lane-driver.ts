/**
 * The lane driver (issue 24): runs the unattended lane's state machine (core/weighing/lane.ts) against the lane's
 * devices and the server. Events in (arrivals, plate / card reads, the bridge's readings with the gratings read
 * from the relay board, a supervisor's release or void, a clerk's takeover); the machine's actions out, in order,
 * each awaited: LED and voice through the adapter, the capture and the print through the server, the barrier and
 * the lights through the relay board's coils, the lane's step times onto the weighing.
 *
 * `LaneBackend` is the server as the lane sees it; `HttpLaneBackend` is the real one over the server's public
 * endpoints (GET loadometer-order/open, GET dispatch-slip/scan, POST first-pass (under the slip) / second-pass with
 * complete = 1, POST print and eticket, POST lane/steps, POST lane/takeover/claim and report) with a bearer token, as
 * any client.
 *
 * A clerk's takeover reaches the lane only through the server (`takeovers()`: the commands the server hands out
 * for this weighbridge, each once, after it checked the clerk's 接管 button); the channel's bell only says when to
 * ask (core/weighing/lane.ts takeoverBellOf). Each command carried out is reported back: done, or failed with the
 * lane's reason (its refusal, the server's refusal of what it set off, or an error) — 车道监控 shows it.
 */
import type { ScaleSample } from '../../core/weighing/anti-cheat.ts';
import {
  idleLane,
  type Lane,
  type LaneAction,
  type LaneCommand,
  type LaneCommandBody,
  type LaneConfig,
  type LaneEvent,
  type LaneTransition,
  laneSnapshot,
  laneStep,
  type Pass,
} from '../../core/weighing/lane.ts';
import type { DisplayClient, RelayClient } from './lane-io.ts';

export interface CaptureRequest {
  pass: Pass;
  plate: string;
  plateRead: string;
  /** The 派车单 the truck was identified by ('' = none): the first pass is made under it. */
  slipNo: string;
  /** The slip's direction (purchase / sale), when there is a slip. */
  orderType?: 'purchase' | 'sale';
  weighingId: string | null;
  weight: string;
  manual: boolean;
  manualReason: string;
  readings: ScaleSample[];
  sensors: { front: boolean; rear: boolean } | null;
  photos: string[];
}
export type CaptureAnswer = { weighingId: string; flags: string[] } | { refused: string };
/** The server's look-up of a slip's QR / card: the slip's number, plate and direction, or its refusal. */
export type SlipAnswer = { slipNo: string; plate: string; orderType: 'purchase' | 'sale' } | { refused: string };

export interface LaneBackend {
  /** The plate's open first pass (its weighing id), or null. */
  openFirstPass(plate: string): Promise<string | null>;
  capture(r: CaptureRequest): Promise<CaptureAnswer>;
  print(weighingId: string): Promise<void>;
  record(weighingId: string, pass: Pass, steps: [string, number][]): Promise<void>;
  /** A held weighing as the supervisor left it: still held, released (no open exception) or voided. */
  heldState(weighingId: string): Promise<'held' | 'released' | 'voided'>;
  /** A slip's QR text or an RFID card's content, looked up on the server (the camera's read checked against it). */
  scanSlip?(code: string, plateRead: string): Promise<SlipAnswer>;
  /** The e-ticket of a completed weighing (its public trace link), sent to the driver. */
  eticket?(weighingId: string): Promise<string>;
  /** The pending takeovers of this lane's weighbridge, oldest first; each is handed out once. */
  claimTakeovers?(): Promise<(LaneCommandBody & { id: string })[]>;
  /** What became of a claimed takeover: carried out, or not with the lane's reason (shown on 车道监控). */
  reportTakeover?(id: string, r: { result: 'done' } | { result: 'failed'; reason: string }): Promise<void>;
}

export interface DriverLog {
  at: number;
  event: LaneEvent['type'];
  refused?: string;
  actions: LaneAction['kind'][];
}

export class LaneDriver {
  lane: Lane = idleLane();
  /** The bridge's readings of the last 30 s (sent with a capture). */
  private readings: ScaleSample[] = [];
  /** The direction of each slip the lane scanned (the first pass is made under it). */
  private readonly slipTypes = new Map<string, 'purchase' | 'sale'>();
  readonly log: DriverLog[] = [];
  /** Called after each transition. */
  onChange?: (prev: Lane, lane: Lane, ev: LaneEvent, t: LaneTransition) => void;
  /**
   * The monitor's feed: the lane's snapshot as channel content (`{"lane": …}`) after each transition that changes
   * what the monitor shows; `scale` is the weighbridge's code, `photo` the camera's last snapshot.
   */
  publish?: { scale: string; send: (content: string) => void; photo?: () => string };

  constructor(
    private readonly cfg: LaneConfig,
    private readonly relay: RelayClient,
    private readonly display: DisplayClient,
    private readonly backend: LaneBackend,
    private readonly clock: () => number,
    private readonly photos: (plate: string, pass: Pass) => string[] = () => [],
  ) {}

  /** A reading of the bridge: kept for the capture, then fed to the lane. */
  reading(at: number, weight: string, stable: boolean, sensors: { front: boolean; rear: boolean } | null) {
    this.readings.push({ t: Math.round(at), v: weight, s: stable });
    while (this.readings.length && this.readings[0].t < at - 30_000) this.readings.shift();
    return this.feed({ type: 'reading', at, weight, stable, sensors });
  }

  /** A plate / card read: the server says whether the plate has an open first pass (the pass is decided here). */
  async identify(at: number, plate: string, plateRead: string, via: 'camera' | 'rfid' | 'qr' | 'manual', slipNo = '') {
    const openWeighingId = await this.backend.openFirstPass(plate);
    return this.feed({
      type: 'identify',
      at: this.clock() > at ? this.clock() : at,
      plate,
      plateRead,
      via,
      slipNo,
      openWeighingId,
    });
  }

  /**
   * The lane's QR scanner or RFID reader read a slip / card: the server looks the slip up (an unknown, closed or
   * expired slip is refused on the LED), the truck is identified with the slip's plate and the camera's read beside
   * it (a read ≠ the slip's plate is the capture's 车牌识别不一致 flag), and the first pass is made under the slip.
   */
  async scan(at: number, via: 'qr' | 'rfid', code: string, plateRead: string) {
    const r = this.backend.scanSlip
      ? await this.backend.scanSlip(code, plateRead)
      : { refused: '车道未连接派车单服务，请使用车牌识别' };
    const now = this.clock() > at ? this.clock() : at;
    if ('refused' in r) return this.feed({ type: 'scan_refused', at: now, reason: r.refused });
    this.slipTypes.set(r.slipNo, r.orderType);
    return this.identify(now, r.plate, plateRead, via, r.slipNo);
  }

  /** While a truck is held: asks the server whether a supervisor released or voided its weighing. */
  async poll(): Promise<void> {
    if (this.lane.state !== 'held' || !this.lane.weighingId) return;
    const st = await this.backend.heldState(this.lane.weighingId);
    if (st === 'released') await this.feed({ type: 'released', at: this.clock() });
    else if (st === 'voided') await this.feed({ type: 'voided', at: this.clock() });
  }

  /**
   * The clerks' takeovers the server holds for this lane (claimed, so each runs once), carried out in order;
   * answers their transitions (a refusal stands on the LED and the monitor like any other).
   */
  async takeovers(): Promise<LaneTransition[]> {
    if (!this.backend.claimTakeovers) return [];
    const out: LaneTransition[] = [];
    for (const c of await this.backend.claimTakeovers()) {
      const from = this.log.length;
      let t: LaneTransition | null = null;
      let failed = '';
      try {
        t = await this.command({ ...c, scale: this.publish?.scale ?? '' } as LaneCommand);
        // the command's own refusal, or one of what it set off (the server refusing the manual capture)
        failed = t ? (this.log.slice(from).find((l) => l.refused)?.refused ?? '') : '不是本车道的指令';
      } catch (e) {
        failed = `执行出错：${e instanceof Error ? e.message : String(e)}`;
      }
      if (t) out.push(t);
      // the monitor shows what became of the clerk's command: 已执行, or 失败 with the lane's reason
      await this.backend
        .reportTakeover?.(c.id, failed ? { result: 'failed', reason: failed } : { result: 'done' })
        .catch((e: unknown) => {
          console.error(`takeover/report ${c.id}: ${e instanceof Error ? e.message : String(e)}`);
        });
    }
    return out;
  }

  /** A takeover the server handed out (takeovers()); another lane's command is ignored. */
  async command(c: LaneCommand): Promise<LaneTransition | null> {
    if (this.publish && c.scale !== this.publish.scale) return null;
    const at = this.clock();
    if (c.step === 'identify') return this.identify(at, c.plate, '', 'manual');
    if (c.step === 'capture')
      return this.feed({ type: 'takeover', at, step: 'capture', weight: c.weight, reason: c.reason });
    return this.feed({ type: 'takeover', at, step: c.step });
  }

  /** One event through the machine; the actions are carried out in order (each awaited). */
  async feed(ev: LaneEvent): Promise<LaneTransition> {
    const prev = this.lane;
    const t = laneStep(prev, ev, this.cfg);
    this.lane = t.lane;
    this.log.push({ at: ev.at, event: ev.type, refused: t.refused, actions: t.actions.map((a) => a.kind) });
    this.onChange?.(prev, this.lane, ev, t);
    if (this.publish && (prev !== this.lane || t.actions.length)) {
      const p = this.publish;
      p.send(JSON.stringify({ lane: laneSnapshot(this.lane, p.scale, p.photo?.() ?? '', ev.at) }));
    }
    for (const a of t.actions) await this.act(a);
    return t;
  }

  private async act(a: LaneAction): Promise<void> {
    switch (a.kind) {
      case 'led':
        await this.display.led(a.lines);
        return;
      case 'voice':
        await this.display.voice(a.text);
        return;
      case 'barrier':
        await this.relay.barrier(a.open);
        if (a.open) await this.feed({ type: 'barrier_opened', at: this.clock() });
        return;
      case 'light':
        await this.relay.light(a.color);
        return;
      case 'capture': {
        const sensors = a.manual ? null : (this.lane.sensors ?? null);
        const r = await this.backend.capture({
          pass: a.pass,
          plate: a.plate,
          plateRead: a.plateRead,
          slipNo: a.slipNo,
          orderType: a.slipNo ? this.slipTypes.get(a.slipNo) : undefined,
          weighingId: a.weighingId,
          weight: a.weight,
          manual: a.manual,
          manualReason: a.manualReason,
          readings: a.manual ? [] : [...this.readings],
          sensors,
          photos: this.photos(a.plate, a.pass),
        });
        if ('refused' in r) await this.feed({ type: 'refused', at: this.clock(), reason: r.refused });
        else await this.feed({ type: 'captured', at: this.clock(), weighingId: r.weighingId, flags: r.flags });
        return;
      }
      case 'print': {
        await this.backend.print(a.weighingId);
        // the e-ticket: the driver gets the weighing's trace link (kept on the weighing, shown on the monitor)
        const eticket = this.backend.eticket ? await this.backend.eticket(a.weighingId) : '';
        await this.feed({ type: 'printed', at: this.clock(), eticket });
        return;
      }
      case 'record':
        await this.backend.record(a.weighingId, a.pass, a.steps);
        return;
    }
  }
}

/** The server over HTTP (the endpoints a station uses, plus lane/steps). */
export class HttpLaneBackend implements LaneBackend {
  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly weighbridgeId: string,
    private readonly defaults: { orderType: 'purchase' | 'sale'; partyId: string; materialId: string },
    private readonly tenantId = '000000',
  ) {}

  private async call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const r = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        'Blade-Auth': `bearer ${this.token}`,
        Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0',
        'Tenant-Id': this.tenantId,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const j = (await r.json()) as { code: number; msg: string; data: Record<string, unknown> | null };
    return { status: r.status, ...j };
  }

  async openFirstPass(plate: string): Promise<string | null> {
    const r = await this.call('GET', `/api/izs-weighing/loadometer-order/open?carNumber=${encodeURIComponent(plate)}`);
    if (r.status !== 200) throw new Error(`open: ${r.msg}`);
    return r.data?.id ? String(r.data.id) : null;
  }

  async capture(c: CaptureRequest): Promise<CaptureAnswer> {
    const seen = {
      weight: c.weight,
      manual: c.manual ? 1 : 0,
      ...(c.manual ? { manualReason: c.manualReason } : { readings: c.readings, sensors: c.sensors }),
      plateRead: c.plateRead,
      photos: c.photos,
    };
    // under a slip, the first pass takes the slip's direction, party and material (the server fills them from it)
    const under = c.slipNo
      ? { orderType: c.orderType ?? this.defaults.orderType, dispatchSlipNo: c.slipNo }
      : { ...this.defaults };
    const r =
      c.pass === 'first'
        ? await this.call('POST', '/api/izs-weighing/loadometer-order/first-pass', {
            ...under,
            weighbridgeId: this.weighbridgeId,
            carNumber: c.plate,
            ...seen,
          })
        : await this.call('POST', '/api/izs-weighing/loadometer-order/second-pass', {
            id: c.weighingId,
            complete: 1,
            ...seen,
          });
    if (r.status === 400) return { refused: r.msg };
    if (r.status !== 200 || !r.data) throw new Error(`capture: ${r.status} ${r.msg}`);
    const weighingId = String(r.data.id);
    const n = Number(r.data.openExceptions ?? 0);
    if (!n) return { weighingId, flags: [] };
    // the kinds of the open exceptions (the monitor names them); without the list's permission: 'flagged'
    const x = await this.call(
      'GET',
      `/api/izs-weighing/exception/page?current=1&size=20&state=open&weighingId=${weighingId}`,
    );
    const kinds = ((x.data?.records as { kind: string }[] | undefined) ?? []).map((e) => e.kind);
    return { weighingId, flags: kinds.length ? kinds : Array.from({ length: n }, () => 'flagged') };
  }

  async scanSlip(code: string, plateRead: string): Promise<SlipAnswer> {
    const q = new URLSearchParams({ code, ...(plateRead ? { carNumber: plateRead } : {}) });
    const r = await this.call('GET', `/api/izs-weighing/dispatch-slip/scan?${q}`);
    if (r.status === 400) return { refused: r.msg };
    if (r.status !== 200 || !r.data) throw new Error(`dispatch-slip/scan: ${r.status} ${r.msg}`);
    return {
      slipNo: String(r.data.slipNo),
      plate: String(r.data.carNumber),
      orderType: r.data.orderType === 'sale' ? 'sale' : 'purchase',
    };
  }

  async eticket(weighingId: string): Promise<string> {
    const r = await this.call('POST', '/api/izs-weighing/loadometer-order/eticket', { id: weighingId });
    if (r.status !== 200 || !r.data) throw new Error(`eticket: ${r.msg}`);
    return String(r.data.path);
  }

  async print(weighingId: string): Promise<void> {
    const r = await this.call('POST', '/api/izs-weighing/loadometer-order/print', { id: weighingId });
    if (r.status !== 200) throw new Error(`print: ${r.msg}`);
  }

  async heldState(weighingId: string): Promise<'held' | 'released' | 'voided'> {
    const r = await this.call('GET', `/api/izs-weighing/loadometer-order/detail?id=${encodeURIComponent(weighingId)}`);
    if (r.status !== 200 || !r.data) throw new Error(`detail: ${r.msg}`);
    if (r.data.weighState === 'voided') return 'voided';
    return Number(r.data.openExceptions ?? 0) > 0 ? 'held' : 'released';
  }

  async claimTakeovers(): Promise<(LaneCommandBody & { id: string })[]> {
    const r = await this.call('POST', '/api/izs-weighing/lane/takeover/claim', { weighbridgeId: this.weighbridgeId });
    if (r.status !== 200) throw new Error(`takeover/claim: ${r.msg}`);
    const cs = ((r.data?.commands as Record<string, string>[] | undefined) ?? []).map((c) => {
      if (c.step === 'identify') return { id: c.id, step: 'identify' as const, plate: c.plate };
      if (c.step === 'capture') return { id: c.id, step: 'capture' as const, weight: c.weight, reason: c.reason };
      return { id: c.id, step: c.step as 'print' | 'open' };
    });
    return cs;
  }

  async reportTakeover(id: string, res: { result: 'done' } | { result: 'failed'; reason: string }): Promise<void> {
    const r = await this.call('POST', '/api/izs-weighing/lane/takeover/report', { id, ...res });
    if (r.status !== 200) throw new Error(`takeover/report: ${r.msg}`);
  }

  async record(weighingId: string, pass: Pass, steps: [string, number][]): Promise<void> {
    const r = await this.call('POST', '/api/izs-weighing/lane/steps', {
      weighingId,
      pass,
      steps: steps.map(([step, at]) => ({ step, at })),
    });
    if (r.status !== 200) throw new Error(`lane/steps: ${r.msg}`);
  }
}

/**
 * The dispatcher's side of a simulated lane: one 派车单 per plate that a scenario sends with a slip QR or a card
 * (via qr / rfid), made through the server as the back office makes them (valid yesterday … in two days). Answers
 * plate → the code the lane's scanner reads (the slip's number; a QR holds it in a link, a card carries it).
 */
export async function issueSlips(
  base: string,
  token: string,
  plates: string[],
  slip: { partyId: string; materialId: string; orderType?: 'purchase' | 'sale' },
  tenantId = '000000',
): Promise<Map<string, string>> {
  const day = (d: number) =>
    new Date(Date.now() + d * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
  const out = new Map<string, string>();
  for (const plate of new Set(plates)) {
    const r = await fetch(`${base}/api/izs-weighing/dispatch-slip/submit`, {
      method: 'POST',
      headers: {
        'Blade-Auth': `bearer ${token}`,
        Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0',
        'Tenant-Id': tenantId,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        orderType: slip.orderType ?? 'purchase',
        partyId: slip.partyId,
        materialId: slip.materialId,
        carNumber: plate,
        validFrom: day(-1),
        validTo: day(2),
      }),
    });
    const j = (await r.json()) as { code: number; msg: string; data: { slipNo?: string } | null };
    if (r.status !== 200 || !j.data?.slipNo) throw new Error(`派车单 ${plate}: ${j.msg}`);
    out.set(plate, j.data.slipNo);
  }
  return out;
}

/** What the lane's scanner reads for a slip: the QR holds the slip's link, a card its number. */
export const scannedCode = (via: 'qr' | 'rfid', slipNo: string) =>
  via === 'qr' ? `https://loopyard.example/dispatch-slip?no=${slipNo}` : slipNo;

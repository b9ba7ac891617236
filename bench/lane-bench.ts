/**
 * The unattended lane benchmark (issue 24, "Figures"): one lane, the scenario tools/scale-bridge/lane-scenario.json
 * (30 trucks in 30 minutes = 60 an hour, each cheat planted once), played by the lane simulator against the real app.
 *
 *   npm run bench:lane
 *   npm run bench:lane -- --scenario path/to/other.json
 *
 * What is real: the app in this process on in-memory PGlite with the demo seed (every capture, flag, hold,
 * completion, print and step record through its HTTP endpoints, signed in as admin), the Modbus TCP relay board
 * (modbus-serial's ServerTCP on 127.0.0.1; the driver writes the barrier / light coils and reads the gratings over
 * TCP at every reading), the LED / voice adapter (JSON lines over TCP), the state machine core/weighing/lane.ts and
 * the bridge's stability detector (tools/scale-bridge/stability.ts).
 *
 * Simulated time: the physical world (driving on, settling, the barrier rising, driving off; the delays are printed)
 * moves on a simulated clock in 100 ms ticks without waiting — 30 minutes play in about a minute. System work is
 * not compressed: the real time every lane action takes (the server's capture, the Modbus writes, the adapter's
 * answers) is added to the simulated clock, so "stable → barrier open" is measured in real milliseconds and the cycle
 * is the physical delays plus the real system time. The simulated clock starts 40 minutes before the real one (the
 * server refuses step times in its future).
 *
 * Definitions: a truck's cycle = its arrival at the entry → it has left the deck (gratings clear, weight below the
 * minimum); stable → barrier = the first reading the bridge reported stable with both gratings clear → the barrier
 * coil acknowledged by the relay board; both over the clean trucks (a held truck waits for a supervisor: 20 s
 * simulated). Trucks per hour = trucks that left ÷ (last leaving − first arrival). A cheat is caught when the lane
 * refused it (empty deck, half on the deck) or the server flagged the weighing with its kind; a false flag is a clean
 * truck with any exception or refusal. Manual steps = takeovers by a clerk (manual identify, capture, print, barrier).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray } from 'drizzle-orm';
import { minCaptureKg } from '../core/weighing/anti-cheat.ts';
import type { Lane } from '../core/weighing/lane.ts';
import { material, relatedParty, weighbridge, weighException, weighingOrder } from '../server/db/schema/index.ts';
import { HttpLaneBackend, issueSlips, LaneDriver, scannedCode } from '../tools/scale-bridge/lane-driver.ts';
import { DisplayClient, RelayClient, startDisplay, startRelayBoard } from '../tools/scale-bridge/lane-io.ts';
import { type Cheat, LaneWorld, type Scenario, type Visit } from '../tools/scale-bridge/lane-sim.ts';
import { StabilityDetector } from '../tools/scale-bridge/stability.ts';
import { arg, bootInProcess, caller, freePort, loadLine, ROOT, signIn } from './lib.ts';

const SCENARIO = arg('scenario', 'BENCH_LANE_SCENARIO', join(ROOT, 'tools/scale-bridge/lane-scenario.json'));
const sc = JSON.parse(readFileSync(SCENARIO, 'utf8')) as Scenario;
const P = sc.physics;

/** What each planted cheat must produce: a refusal of the lane (text) or a flag kind of the server. */
const EXPECT: Record<Cheat, { refusal?: string; flag?: string }> = {
  empty_deck: { refusal: '秤台上无车或重量过低' },
  half_on: { refusal: '车辆未完全上磅' },
  tare_minus_15: { flag: 'tare_deviation' },
  plate_swap: { flag: 'plate_mismatch' },
  same_load_reweighed: { flag: 'quick_reweigh' },
  remote_control: { flag: 'stable_step' },
  manual_entry: { flag: 'manual_entry' },
};

interface VisitStat {
  visit: Visit;
  arrived?: number;
  stable?: number;
  barrier?: number;
  left?: number;
  weighingId?: string;
  pass?: 'first' | 'second';
  refusals: string[];
  flags: string[];
  manualSteps: number;
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] : Number.NaN;
};

async function main() {
  const loadBefore = loadLine();
  console.log(`lane bench: ${sc.name} — ${sc.visits.length} visits; ${loadBefore}`);
  console.log(
    `physical delays (simulated ms): camera read ${P.cameraMs}, drive on ${P.driveOnMs}, settle ${P.settleMs}, ` +
      `bridge stable window ${P.bridgeWindowMs} (≥ ${P.bridgeMinReadings} readings), barrier rise ${P.barrierRiseMs}, ` +
      `drive off ${P.driveOffMs}; clerk takes over after ${P.clerkMs}, supervisor answers after ${P.supervisorMs}; tick ${P.tickMs}`,
  );
  const booted = performance.now();
  const app = await bootInProcess('memory');
  console.log(`app booted in ${((performance.now() - booted) / 1000).toFixed(0)} s (${app.where})`);
  const db = app.database.db;
  const token = (await signIn(app.base)).access_token;
  const api = caller(app.base, token);
  const [wb] = await db.select().from(weighbridge).where(eq(weighbridge.code, 'DB01'));
  const [party] = await db.select({ id: relatedParty.id }).from(relatedParty).where(eq(relatedParty.code, 'GYS001'));
  const [mat] = await db.select({ id: material.id }).from(material).where(eq(material.code, 'WL0002'));
  // the lane has positioning sensors; manual entry allowed (flagged) in the weighbridge's department
  await db.update(weighbridge).set({ positionSensors: 1 }).where(eq(weighbridge.id, wb.id));
  const cfgRes = await api('/api/izs-base/system-business-config/update', {
    deptId: wb.deptId,
    manualWeighAllowed: 1,
  });
  if (cfgRes.code !== 200) throw new Error(`config: ${cfgRes.msg}`);
  // the archive: three completed weighings of each vehicle, 1–3 days ago, at its tare
  for (const v of sc.vehicles) {
    for (let d = 1; d <= 3; d++) {
      const at = new Date(Date.now() - d * 86_400_000);
      await db.insert(weighingOrder).values({
        tenantId: '000000',
        orderNo: `GBARC${v.plate.slice(-5)}${d}`,
        orderType: 'other',
        weighState: 'completed',
        carNumber: v.plate,
        weighbridgeId: wb.id,
        firstWeight: String(v.tareKg + 20_000),
        firstTime: at,
        secondWeight: String(v.tareKg + (d - 2) * 60),
        secondTime: at,
        grossWeight: String(v.tareKg + 20_000),
        tareWeight: String(v.tareKg + (d - 2) * 60),
        netWeight: '20000',
        completeTime: at,
      });
    }
  }

  const board = await startRelayBoard(await freePort());
  const display = await startDisplay();
  const relay = new RelayClient();
  await relay.connect('127.0.0.1', board.port);
  const led = new DisplayClient();
  await led.connect('127.0.0.1', display.port);
  const backend = new HttpLaneBackend(app.base, token, wb.id, {
    orderType: 'purchase',
    partyId: party.id,
    materialId: mat.id,
  });

  const T0 = Date.now() - 40 * 60_000;
  let sim = 0;
  let slice = performance.now();
  const clock = () => Math.round(T0 + sim + performance.now() - slice);
  const minKg = minCaptureKg({ minWeightKg: String(wb.minWeightKg ?? '0'), divisionKg: String(wb.divisionKg || '20') });
  const driver = new LaneDriver({ minKg, positionSensors: true }, relay, led, backend, clock, (plate, pass) => [
    `lane-sim/${plate}-${pass}.jpg`,
  ]);
  // trucks sent with a slip QR or a card: their slips issued through the server; the lane scans them itself
  const slips = await issueSlips(
    app.base,
    token,
    sc.visits.filter((v) => v.via === 'qr' || v.via === 'rfid').map((v) => v.plate),
    { partyId: party.id, materialId: mat.id },
  );
  const world = new LaneWorld(sc, board);
  const stability = new StabilityDetector({
    minReadings: P.bridgeMinReadings,
    windowMs: P.bridgeWindowMs,
    tolerance: String(wb.divisionKg || '20'),
  });
  const stats: VisitStat[] = sc.visits
    .map((visit) => ({ visit, refusals: [], flags: [], manualSteps: 0 }) as VisitStat)
    .sort((a, b) => a.visit.at - b.visit.at);
  /** the world's truck at the head of the lane; the visit the lane serves (from its identify to its leaving) */
  let current: number | null = null;
  let serving: number | null = null;
  let heldSince: number | null = null;
  let waitSince: number | null = null;
  let clerkDone = false;
  driver.onChange = (prev: Lane, lane: Lane, ev, t) => {
    const s = serving === null ? undefined : stats[serving];
    if (!s) return;
    if (ev.type === 'identify' && lane.truck) s.pass = lane.truck.pass;
    if (t.refused) {
      s.refusals.push(t.refused);
      if (process.env.BENCH_VERBOSE) console.log(`    ${s.visit.plate} ${ev.type}: 拒绝 ${t.refused}`);
    }
    if (prev.state === 'on_deck' && lane.state === 'capturing' && ev.type === 'reading') s.stable = ev.at;
    if (ev.type === 'barrier_opened') s.barrier = ev.at;
    if (ev.type === 'captured') s.weighingId = ev.weighingId;
    s.manualSteps = Math.max(s.manualSteps, lane.manualSteps);
    if (prev.state === 'open' && lane.state !== 'open') {
      s.left = ev.at;
      serving = null;
    }
  };

  const END = (Math.max(...sc.visits.map((v) => v.at)) + 600) * 1000;
  const started = performance.now();
  let minute = -1;
  while (!world.done() && sim < END) {
    if (Math.floor(sim / 60_000) !== minute) {
      minute = Math.floor(sim / 60_000);
      if (minute % 5 === 0 || process.env.BENCH_VERBOSE) {
        console.log(
          `  … ${minute} simulated min (${((performance.now() - started) / 1000).toFixed(0)} s wall): lane ${driver.lane.state}, queue ${driver.lane.queue.length}`,
        );
      }
    }
    slice = performance.now();
    const w = world.advance(sim);
    for (const a of w.arrivals) {
      stats[a.n].arrived = clock();
      await driver.feed({ type: 'arrive', at: clock(), plate: a.visit.plate });
    }
    if (w.current !== current && w.current !== null) {
      current = w.current;
      clerkDone = false;
      waitSince = null;
    }
    for (const p of w.plates) {
      const v = p.visit;
      serving = p.n;
      const slipNo = slips.get(v.plate);
      if ((v.via === 'qr' || v.via === 'rfid') && slipNo) {
        await driver.scan(clock(), v.via, scannedCode(v.via, slipNo), v.plateRead ?? v.plate);
      } else await driver.identify(clock(), v.plate, v.plateRead ?? v.plate, 'camera');
      if (driver.lane.state === 'identified') world.drive();
    }
    const cheat = current === null ? undefined : stats[current].visit.cheat;
    // the indicator link is down for the manual-entry truck: the bridge never reports stable
    const stable = stability.add(String(w.value), clock(), w.motion) && cheat !== 'manual_entry';
    const inputs = await relay.inputs();
    await driver.reading(clock(), String(w.value), stable, { front: inputs.front, rear: inputs.rear });
    // the people: a clerk on the intercom, a supervisor on the exceptions list
    const st = driver.lane.state;
    if ((st === 'identified' || st === 'on_deck') && current !== null) {
      waitSince ??= sim;
      if (!clerkDone && sim - waitSince >= P.clerkMs && (cheat === 'empty_deck' || cheat === 'manual_entry')) {
        clerkDone = true;
        const v = stats[current].visit;
        if (cheat === 'empty_deck') {
          // the driver says he is on the scale: the clerk tries to capture what the deck shows, then sends him away
          await driver.feed({
            type: 'takeover',
            at: clock(),
            step: 'capture',
            weight: String(w.value),
            reason: '司机称已上磅',
          });
          await driver.feed({ type: 'takeover', at: clock(), step: 'open' });
          world.turnAway(current);
        } else {
          await driver.feed({
            type: 'takeover',
            at: clock(),
            step: 'capture',
            weight: String(v.manualKg),
            reason: v.manualReason ?? '手工录入',
          });
        }
      }
    } else waitSince = null;
    if (st === 'held') {
      heldSince ??= sim;
      if (sim - heldSince >= P.supervisorMs) {
        const r = await api('/api/izs-weighing/exception/void', {
          weighingId: driver.lane.weighingId,
          note: '主管核查：作弊，作废磅单',
        });
        if (r.code !== 200) throw new Error(`void: ${r.msg}`);
        // the lane learns it from the server, as it does on a real lane (LaneDriver.poll)
        await driver.poll();
        if (driver.lane.state === 'held') throw new Error('the lane did not see the void');
        heldSince = null;
      }
    } else heldSince = null;
    sim += P.tickMs + (performance.now() - slice);
  }
  const wall = (performance.now() - started) / 1000;

  // the server's flags of each weighing
  const ids = stats.map((s) => s.weighingId).filter((x): x is string => !!x);
  const ex = ids.length
    ? await db
        .select({ weighingId: weighException.weighingId, kind: weighException.kind, pass: weighException.pass })
        .from(weighException)
        .where(and(eq(weighException.tenantId, '000000'), inArray(weighException.weighingId, ids)))
    : [];
  // a weighing's flags belong to the visit of that pass (the lane decided the pass)
  for (const s of stats) {
    if (!s.weighingId) continue;
    s.flags = ex.filter((e) => e.weighingId === s.weighingId && e.pass === s.pass).map((e) => e.kind);
  }
  console.log('\n  #  at(s) plate     pass   cheat                 cycle s  stable→barrier ms  flags / refusals');
  for (const [i, s] of stats.entries()) {
    const cycle = s.left && s.arrived ? ((s.left - s.arrived) / 1000).toFixed(1) : '—';
    const sb = s.barrier && s.stable ? String(s.barrier - s.stable) : '—';
    console.log(
      `${String(i + 1).padStart(3)} ${String(s.visit.at).padStart(5)} ${s.visit.plate.padEnd(9)} ${(s.pass ?? '—').padEnd(6)} ${(s.visit.cheat ?? '').padEnd(20)} ${cycle.padStart(8)} ${sb.padStart(18)}  ${[...s.flags, ...s.refusals.map((r) => `拒绝：${r}`)].join('；')}`,
    );
  }
  const clean = stats.filter((s) => !s.visit.cheat);
  const cheats = stats.filter((s) => s.visit.cheat);
  const caught = cheats.filter((s) => {
    const e = EXPECT[s.visit.cheat as Cheat];
    return (
      (e.refusal && s.refusals.some((r) => r.includes(e.refusal as string))) || (e.flag && s.flags.includes(e.flag))
    );
  });
  const falseFlags = clean.filter((s) => s.flags.length || s.refusals.length).length;
  const cycles = clean
    .filter((s) => s.left && s.arrived)
    .map((s) => ((s.left as number) - (s.arrived as number)) / 1000);
  const sb = clean.filter((s) => s.barrier && s.stable).map((s) => (s.barrier as number) - (s.stable as number));
  const leftAll = stats.filter((s) => s.left);
  const span =
    (Math.max(...leftAll.map((s) => s.left as number)) -
      Math.min(...stats.map((s) => s.arrived ?? Number.MAX_SAFE_INTEGER))) /
    3_600_000;
  const perHour = leftAll.length / span;
  console.log(
    `\nplayed ${(sim / 60000).toFixed(1)} simulated minutes in ${wall.toFixed(1)} s of wall time; ${leftAll.length} of ${stats.length} trucks left; ` +
      `stable→barrier over ${sb.length} clean trucks: p50 ${pct(sb, 0.5)} ms, max ${Math.max(...sb)} ms; ` +
      `LED/voice commands ${display.shown.length}; ${loadLine()} (before: ${loadBefore})`,
  );
  led.close();
  await relay.close();
  await board.close();
  await display.close();
  await app.close();
  console.log(`figure: trucks per hour = ${perHour.toFixed(1)}`);
  console.log(`figure: manual steps clean = ${clean.reduce((n, s) => n + s.manualSteps, 0)}`);
  console.log(`figure: stable to barrier p99 ms = ${pct(sb, 0.99)}`);
  console.log(`figure: cycle median s = ${pct(cycles, 0.5).toFixed(1)}`);
  console.log(`figure: cycle p90 s = ${pct(cycles, 0.9).toFixed(1)}`);
  console.log(`figure: cheats planted = ${cheats.length}`);
  console.log(`figure: cheats caught = ${caught.length}`);
  console.log(`figure: false flags = ${falseFlags}`);
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

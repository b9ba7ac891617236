/**
 * `POST /api/izs-weighing/lane/steps` (lane.contract.ts WEIGH_LANE.steps): the unattended lane's step times of one
 * pass (arrived, identified, on deck, printed, barrier open, left; core/weighing/lane.ts) on the weighing, into
 * izs_weighing_step beside the stable / captured / flagged the capture wrote. The weighing must be in the caller's
 * scope (res.load), its pass captured, each step once per pass, the times in lane order and not in the future.
 *
 * `POST /api/izs-weighing/lane/takeover` (WEIGH_LANE.takeover, button supply_chain_lane_monitor_takeover checked by
 * the descriptor): a clerk's takeover of one lane step — a weighbridge of the tenant (as the capture itself), the
 * command kept as its audit row (izs_lane_takeover, pending) with an operation log, and a bell on the weighbridge department's channel (`{"laneTakeover": {scale, id}}`).
 * `POST …/lane/takeover/claim` (WEIGH_LANE.claim): the lane driver takes the pending commands of its weighbridge,
 * oldest first, each once (pending → claimed in one statement); one not claimed within 60 s expires unexecuted (a
 * barrier opened by a command left from an hour ago would let the wrong truck through).
 * `POST …/lane/takeover/report` (WEIGH_LANE.report): the lane's result of a claimed command — done, or failed with
 * the lane's reason (its refusal: 没有待打印的磅单…) — once (claimed → done | failed in one statement).
 * `GET …/lane/takeover/list?weighbridgeId=` (WEIGH_LANE.takeovers, 车道监控's view): the lane's latest commands
 * with their state (待执行 / 执行中 / 已执行 / 失败 / 已过期) for the monitor.
 *
 * `POST …/loadometer-order/eticket` (WEIGH_LANE.eticket): the driver's e-ticket of a completed weighing — a chain
 * record (event 电子磅单) and its public trace link (unguessable token), kept on the weighing (eticket_path); asked
 * again, the same link.
 */
import type { BodyOf } from '../../../core/contract/endpoint.ts';
import {
  laneStepLabel,
  TAKEOVER_STEPS,
  type TakeoverState,
  takeoverStateLabel,
  WEIGH_LANE,
} from '../../../core/contract/izs-weighing/lane.contract.ts';
import { LANE_RECORDED } from '../../../core/weighing/lane.ts';
import type { AppContext } from '../../platform/context.ts';
import type { CrudContext, Row } from '../../platform/crud/index.ts';
import type { endpoints, Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { formatDateTime } from '../../platform/time.ts';
import { traceChain } from '../../platform/trace-chain/chain.ts';
import { traceLinkOf } from '../../platform/trace-chain/link.ts';
import {
  claimTakeovers,
  commandGivers,
  expireTakeovers,
  insertSteps,
  insertTakeover,
  latestTakeovers,
  liveWeighbridge,
  liveWeighbridgeId,
  recordedStep,
  reportTakeover,
  setEticketPath,
  takeoverState,
  weighbridgeId,
} from './lane-repository.ts';
import type { WeighingService } from './weighing-service.ts';

/** How far ahead of the server's clock a lane PC's time may be (ms). */
const CLOCK_SKEW_MS = 60_000;

/** How long a takeover waits for the lane to claim it (ms); later it expires unexecuted. */
export const TAKEOVER_TTL_MS = 60_000;

const stepLabel = (s: string) => TAKEOVER_STEPS.find((x) => x.value === s)?.label ?? s;

export function handleLane(
  r: ReturnType<typeof endpoints>,
  ctx: CrudContext,
  w: WeighingService,
  channel: () => AppContext['deptChannel'],
): void {
  r.handle(WEIGH_LANE.takeover, takeOver(ctx, channel));
  r.handle(WEIGH_LANE.eticket, sendEticket(ctx, w));
  r.handle(WEIGH_LANE.claim, claimCommands(ctx));
  r.handle(WEIGH_LANE.report, reportCommand(ctx));
  r.handle(WEIGH_LANE.takeovers, listTakeovers(ctx));
  r.handle(WEIGH_LANE.steps, recordSteps(ctx, w));
}

function takeOver({ db }: CrudContext, channel: () => AppContext['deptChannel']): Handler<typeof WEIGH_LANE.takeover> {
  return async ({ body: b, user, req }) => {
    const [wb] = await liveWeighbridge(db, user, b.weighbridgeId);
    if (!wb) throw badRequest('地磅不存在');
    const row = await db.transaction(async (tx) => {
      const [x] = await insertTakeover(tx, user, wb.id, b);
      await writeOperationLog(tx, req, `车道人工接管：${stepLabel(b.step)}`, {
        weighbridge: [null, wb.code],
        step: [null, b.step],
        ...(b.step === 'identify' ? { plate: [null, b.plate] } : {}),
        ...(b.step === 'capture' ? { weight: [null, b.weight], reason: [null, b.reason] } : {}),
      });
      return x;
    });
    const bell = channel();
    if (bell && wb.deptId)
      bell(user.tenantId, wb.deptId, JSON.stringify({ laneTakeover: { scale: wb.code, id: row.id } }));
    return { id: String(row.id), notified: !!(bell && wb.deptId) };
  };
}

function sendEticket({ db, tz }: CrudContext, w: WeighingService): Handler<typeof WEIGH_LANE.eticket> {
  return async ({ body: b, user, req }) => {
    await w.res.load(db, req, user, b.id);
    const path = await db.transaction(async (tx) => {
      const row = await w.lock(tx, user, b.id);
      if (row.weighState !== 'completed') {
        throw badRequest(
          row.weighState === 'voided' ? '磅单已作废，不能发送电子磅单' : '磅单尚未完成，不能发送电子磅单',
        );
      }
      if (row.eticketPath) return String(row.eticketPath);
      const orderNo = String(row.orderNo);
      const target = { tenantId: user.tenantId, orderType: 'weighing', orderNo };
      await traceChain().append(tx, [{ ...target, event: 'eticket', fields: eticketFields(row, orderNo, tz) }]);
      const p = await traceLinkOf(tx, target);
      await setEticketPath(tx, String(row.id), p);
      await writeOperationLog(tx, req, '发送电子磅单', { orderNo: [null, orderNo], eticketPath: [null, p] });
      return p;
    });
    return { path };
  };
}

/** The chain record of an e-ticket (event 电子磅单): the weighing's figures at this moment. */
function eticketFields(row: Row, orderNo: string, tz: string) {
  return {
    orderNo,
    orderType: '磅单',
    event: '电子磅单',
    eventTime: formatDateTime(new Date(), tz),
    carNumber: String(row.carNumber),
    grossWeight: String(row.grossWeight ?? ''),
    tareWeight: String(row.tareWeight ?? ''),
    netWeight: String(row.netWeight ?? ''),
  };
}

function claimCommands({ db, tz }: CrudContext): Handler<typeof WEIGH_LANE.claim> {
  return async ({ body: b, user }) => {
    const [wb] = await liveWeighbridgeId(db, user, b.weighbridgeId);
    if (!wb) throw badRequest('地磅不存在');
    const now = new Date();
    // a command the lane did not pick up in time (it was away) is never carried out: the truck it was for is gone
    await expireTakeovers(db, user, wb.id, now, TAKEOVER_TTL_MS);
    const claimed = await claimTakeovers(db, user, wb.id, now);
    if (!claimed.length) return { commands: [] };
    const nameOf = await commandGivers(
      db,
      user.tenantId,
      claimed.map((c) => c.createUser),
    );
    return {
      commands: claimed
        .sort((x, y) => x.createTime.getTime() - y.createTime.getTime() || (BigInt(x.id) < BigInt(y.id) ? -1 : 1))
        .map((c) => ({
          id: String(c.id),
          step: c.step as 'identify' | 'capture' | 'print' | 'open',
          plate: c.plate,
          weight: c.weight ?? '',
          reason: c.reason,
          byName: nameOf.get(String(c.createUser)) ?? '',
          at: formatDateTime(c.createTime, tz),
        })),
    };
  };
}

function reportCommand({ db }: CrudContext): Handler<typeof WEIGH_LANE.report> {
  return async ({ body: b, user }) => {
    const state = b.result;
    const note = b.result === 'failed' ? b.reason : '';
    // only a claimed command gets a result, once (the state in the WHERE: two reports cannot both win)
    const [done] = await reportTakeover(db, user.tenantId, b.id, state, note);
    if (done) return { id: String(done.id), state };
    const [x] = await takeoverState(db, user.tenantId, b.id);
    if (!x) throw badRequest('接管指令不存在');
    if (x.state === 'pending') throw badRequest('接管指令尚未被车道领取，不能报告执行结果');
    if (x.state === 'expired') throw badRequest('接管指令已过期（车道未在60秒内领取），不能报告执行结果');
    throw badRequest(`接管指令已报告过执行结果（${takeoverStateLabel(x.state)}）`);
  };
}

function listTakeovers({ db, tz }: CrudContext): Handler<typeof WEIGH_LANE.takeovers> {
  return async ({ query: q, user }) => {
    const [wb] = await weighbridgeId(db, user, q.weighbridgeId);
    if (!wb) throw badRequest('地磅不存在');
    const rows = await latestTakeovers(db, user.tenantId, wb.id);
    const nameOf = await commandGivers(
      db,
      user.tenantId,
      rows.map((t) => t.createUser),
    );
    const now = Date.now();
    return rows.map((t) => {
      // a pending command past its minute will never run: the next claim marks it, the monitor says so already
      const st = (
        t.state === 'pending' && now - t.createTime.getTime() > TAKEOVER_TTL_MS ? 'expired' : t.state
      ) as TakeoverState;
      return {
        id: String(t.id),
        step: t.step as 'identify' | 'capture' | 'print' | 'open',
        stepName: stepLabel(t.step),
        plate: t.plate,
        weight: t.weight ?? '',
        reason: t.reason,
        state: st,
        stateName: takeoverStateLabel(st),
        resultNote: t.resultNote,
        byName: nameOf.get(String(t.createUser)) ?? '',
        at: formatDateTime(t.createTime, tz),
        resultAt: t.resultTime ? formatDateTime(t.resultTime, tz) : '',
      };
    });
  };
}

function recordSteps({ db }: CrudContext, w: WeighingService): Handler<typeof WEIGH_LANE.steps> {
  return async ({ body: b, user, req }) => {
    const row = await w.res.load(db, req, user, b.weighingId);
    const passLabel = b.pass === 'first' ? '一次过磅' : '二次过磅';
    if (b.pass === 'second' && !row.secondTime) throw badRequest('磅单尚未二次过磅，不能记录二次过磅的车道步骤');
    const ordered = stepsInLaneOrder(b.steps);
    const recorded = await db.transaction(async (tx) => {
      const weighingId = String(row.id);
      const before = await recordedStep(
        tx,
        user.tenantId,
        weighingId,
        b.pass,
        b.steps.map((s) => s.step),
      );
      if (before.length) throw badRequest(`磅单的${passLabel}已记录过步骤「${laneStepLabel(before[0].step)}」`);
      await insertSteps(tx, user.tenantId, weighingId, b.pass, ordered);
      return ordered.length;
    });
    return { recorded };
  };
}

/** The steps in lane order; refused when one repeats, lies in the future or comes before an earlier step. */
function stepsInLaneOrder(steps: BodyOf<typeof WEIGH_LANE.steps>['steps']) {
  const seen = new Set<string>();
  for (const s of steps) {
    if (seen.has(s.step)) throw badRequest(`步骤「${laneStepLabel(s.step)}」重复`);
    seen.add(s.step);
    if (s.at > Date.now() + CLOCK_SKEW_MS) throw badRequest(`步骤「${laneStepLabel(s.step)}」的时间晚于当前时间`);
  }
  const ordered = [...steps].sort(
    (x, y) => LANE_RECORDED.indexOf(x.step as never) - LANE_RECORDED.indexOf(y.step as never),
  );
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i].at < ordered[i - 1].at) {
      throw badRequest(
        `步骤时间顺序不正确：「${laneStepLabel(ordered[i].step)}」早于「${laneStepLabel(ordered[i - 1].step)}」`,
      );
    }
  }
  return ordered;
}

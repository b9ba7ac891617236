/**
 * The weighing socket (spec §7.9): the embedded STOMP 1.2 broker at /api/izs-weighing/ws.
 *
 * - CONNECT carries the access token: `Authorization: Bearer …`, `Blade-Auth: bearer …` or `passcode` (the bare
 *   token or `bearer …`); a token sent with the upgrade request (header or `blade-auth` query) also counts.
 *   It is verified like every API call (signature, expiry, session not revoked, API scope of the path).
 * - The connection lives in one tenant + department: `Current-Dept-Id` / `dept-id` of CONNECT when it is one
 *   of the user's departments, else the user's first department; `/app/chat.addUser` (sender = deptId, type
 *   JOIN) moves it to that department after the same check.
 * - `/app/chat.sendMessage` (sender, content = the weight, type CHAT) goes to the `/topic/public` subscribers of
 *   the same tenant and department only. Direct SENDs to /topic/… are refused.
 * - A token that expires or a session that is logged out ends the connection at its next frame (re-checked at
 *   most every 30 s).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import {
  BROKER_DESTINATIONS,
  type ChatDelivery,
  chatMessageSchema,
  WEIGHING_PATHS,
} from '../../../core/contract/izs-weighing/socket.contract.ts';
import { type BrokerOptions, StompBroker, StompRefusal, type StompSession } from '../../../core/stomp/broker.ts';
import type { StompFrame } from '../../../core/stomp/frame.ts';
import type { Db } from '../../db/client.ts';
import { authSession, dept } from '../../db/schema/index.ts';
import { checkApiScope } from '../../platform/api-scope.ts';
import { type AuthUser, authenticateToken, readToken } from '../../platform/auth.ts';
import { ApiError } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';

export interface WeighingPrincipal {
  user: AuthUser;
  token: string;
  /** JWT exp in ms. */
  expiresAt: number;
  deptId: string;
  checkedAt: number;
}

const RECHECK_MS = 30_000;

const bearer = (v: string | undefined): string | undefined => {
  const t = v?.trim();
  if (!t) return undefined;
  return /^bearer\s+/i.test(t) ? t.replace(/^bearer\s+/i, '').trim() : t;
};

const header = (h: Record<string, string>, name: string): string | undefined => {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(h)) if (k.toLowerCase() === lower) return v;
  return undefined;
};

/** May this user act in this department? Own departments; any live department of the tenant for administrator. */
export async function deptAllowed(db: Db, user: AuthUser, deptId: string): Promise<boolean> {
  if (!/^[1-9]\d{0,18}$/.test(deptId)) return false;
  if (user.deptIds.includes(deptId)) return true;
  if (!user.roles.includes('administrator')) return false;
  const d = await db
    .select({ id: dept.id })
    .from(dept)
    .where(and(eq(dept.id, deptId), tenantOf(user, dept)))
    .limit(1);
  return d.length > 0;
}

const partitionOf = (tenantId: string, deptId: string) => `${tenantId}:${deptId}`;

export function createWeighingBroker(
  db: Db,
  secret: Uint8Array,
  upgradeTokens: WeakMap<StompSession<WeighingPrincipal>, string>,
  options: Partial<BrokerOptions> = {},
): StompBroker<WeighingPrincipal> {
  const broker: StompBroker<WeighingPrincipal> = new StompBroker<WeighingPrincipal>(
    {
      authenticate: (h, session) => authenticateConnect(db, secret, upgradeTokens, h, session),
      subscribe: (session, destination) => checkSubscribe(db, session, destination),
      send: (session, destination, frame) => relayMessage(db, broker, session, destination, frame),
    },
    options,
  );
  return broker;
}

/** The token still good: not expired; the session not revoked (re-read at most every RECHECK_MS). */
async function stillValid(db: Db, p: WeighingPrincipal): Promise<void> {
  const now = Date.now();
  if (now >= p.expiresAt) throw new StompRefusal('令牌已过期，请重新连接');
  if (now - p.checkedAt < RECHECK_MS) return;
  const s = await db
    .select({ revokedAt: authSession.revokedAt })
    .from(authSession)
    .where(eq(authSession.id, p.user.sessionId))
    .limit(1);
  if (!s[0] || s[0].revokedAt) throw new StompRefusal('登录已失效，请重新登录');
  p.checkedAt = now;
}

/** CONNECT: the token (frame headers, else the upgrade request's), the API scope, the department of the connection. */
async function authenticateConnect(
  db: Db,
  secret: Uint8Array,
  upgradeTokens: WeakMap<StompSession<WeighingPrincipal>, string>,
  h: Record<string, string>,
  session: StompSession<WeighingPrincipal>,
): Promise<{ principal: WeighingPrincipal; partition: string }> {
  const token =
    bearer(header(h, 'Authorization')) ??
    bearer(header(h, 'Blade-Auth')) ??
    bearer(header(h, 'passcode')) ??
    upgradeTokens.get(session);
  if (!token) throw new StompRefusal('请求未授权', '缺少令牌：在 CONNECT 帧的 Authorization 头中发送 Bearer 令牌');
  let user: AuthUser;
  try {
    user = await authenticateToken(token, db, secret);
    await checkApiScope(db, user, WEIGHING_PATHS.ws);
  } catch (e) {
    if (e instanceof ApiError) throw new StompRefusal(e.code === 403 ? '没有权限' : '请求未授权');
    throw e;
  }
  const wanted = header(h, 'Current-Dept-Id') ?? header(h, 'dept-id');
  let deptId = user.deptIds[0] ?? '';
  if (wanted && wanted !== 'undefined' && wanted !== 'null') {
    if (!(await deptAllowed(db, user, wanted))) throw new StompRefusal('没有权限', `部门 ${wanted} 不属于当前用户`);
    deptId = wanted;
  }
  if (!deptId) throw new StompRefusal('没有权限', '当前用户没有所属部门');
  const exp = Number(decodeJwt(token).exp ?? 0) * 1000;
  return {
    principal: { user, token, expiresAt: exp, deptId, checkedAt: Date.now() },
    partition: partitionOf(user.tenantId, deptId),
  };
}

/** SUBSCRIBE: only /topic/public, with a still valid token. */
async function checkSubscribe(db: Db, session: StompSession<WeighingPrincipal>, destination: string): Promise<void> {
  await stillValid(db, session.principal!);
  if (destination !== BROKER_DESTINATIONS.subscribe) {
    throw new StompRefusal('没有权限', `只能订阅 ${BROKER_DESTINATIONS.subscribe}`);
  }
}

/** SEND to chat.addUser (JOIN: moves the connection's department) or chat.sendMessage, published to the department's subscribers. */
async function relayMessage(
  db: Db,
  broker: StompBroker<WeighingPrincipal>,
  session: StompSession<WeighingPrincipal>,
  destination: string,
  frame: StompFrame,
): Promise<void> {
  const p = session.principal!;
  await stillValid(db, p);
  if (destination !== BROKER_DESTINATIONS.addUser && destination !== BROKER_DESTINATIONS.sendMessage) {
    throw new StompRefusal(
      '没有权限',
      `只能发送到 ${BROKER_DESTINATIONS.addUser} 或 ${BROKER_DESTINATIONS.sendMessage}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(frame.body.toString('utf8'));
  } catch {
    throw new StompRefusal('消息格式不正确', '消息体必须是 JSON：{"sender":"部门编号","content":"重量","type":"CHAT"}');
  }
  const parsed = chatMessageSchema.safeParse(json);
  if (!parsed.success) throw new StompRefusal('消息格式不正确', parsed.error.issues[0]?.message ?? '');
  const msg = parsed.data;
  const isJoin = destination === BROKER_DESTINATIONS.addUser;
  if (isJoin && msg.type !== 'JOIN') throw new StompRefusal('消息格式不正确', 'chat.addUser 的类型必须是 JOIN');
  if (!isJoin && msg.type === 'JOIN') throw new StompRefusal('消息格式不正确', 'chat.sendMessage 的类型不能是 JOIN');
  if (msg.sender !== p.deptId && !(await deptAllowed(db, p.user, msg.sender))) {
    throw new StompRefusal('没有权限', `部门 ${msg.sender} 不属于当前用户`);
  }
  if (isJoin) {
    p.deptId = msg.sender;
    session.movePartition(partitionOf(p.user.tenantId, msg.sender));
  }
  const delivery: ChatDelivery = {
    sender: msg.sender,
    ...(msg.content !== undefined ? { content: msg.content } : {}),
    type: msg.type,
    account: p.user.account,
    time: Date.now(),
  };
  broker.publish(partitionOf(p.user.tenantId, msg.sender), BROKER_DESTINATIONS.subscribe, JSON.stringify(delivery), {
    'content-type': 'application/json;charset=utf-8',
  });
}

/** The account a server message carries (the delivery's `account`; a user's messages carry the user's own). */
export const SERVER_ACCOUNT = '系统';

/** A message of the server itself on a department's channel (CHAT, sender = the department, account 系统). */
export function publishServerMessage(
  broker: StompBroker<WeighingPrincipal>,
  tenantId: string,
  deptId: string,
  content: string,
): void {
  const delivery: ChatDelivery = { sender: deptId, content, type: 'CHAT', account: SERVER_ACCOUNT, time: Date.now() };
  broker.publish(partitionOf(tenantId, deptId), BROKER_DESTINATIONS.subscribe, JSON.stringify(delivery), {
    'content-type': 'application/json;charset=utf-8',
  });
}

/** Hooks the broker onto a ws socket. */
export function attachSocket(
  broker: StompBroker<WeighingPrincipal>,
  upgradeTokens: WeakMap<StompSession<WeighingPrincipal>, string>,
  socket: WebSocket,
  req: FastifyRequest,
): void {
  const session = broker.attach({
    send: (data) => socket.send(data),
    close: (code, reason) => socket.close(code, reason),
  });
  const t = readToken(req);
  if (t) upgradeTokens.set(session, t);
  socket.on('message', (data, isBinary) => {
    const chunk = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    session.receive(isBinary ? chunk : chunk.toString('utf8'));
  });
  socket.on('close', () => session.transportClosed());
  socket.on('error', () => session.transportClosed());
}

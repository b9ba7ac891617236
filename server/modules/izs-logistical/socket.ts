/**
 * The logistics live socket: an embedded STOMP 1.2 broker at /api/izs-logistical/ws (core/stomp). CONNECT carries
 * the access token (Authorization: Bearer … or passcode), verified like any API call; a session lives in its
 * tenant's partition and may subscribe to /topic/vehicle (position pushes) and /topic/alarm (raised alarms).
 * Clients send nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { LG_TOPICS, LG_WS } from '../../../core/contract/izs-logistical/tracking.contract.ts';
import { StompBroker, StompRefusal } from '../../../core/stomp/broker.ts';
import type { Db } from '../../db/client.ts';
import { type AuthUser, authenticate, authenticateToken, readToken } from '../../platform/auth.ts';
import { ApiError } from '../../platform/r.ts';

const bearer = (v: string | undefined) =>
  v
    ?.trim()
    .replace(/^bearer\s+/i, '')
    .trim() || undefined;
const header = (h: Record<string, string>, name: string) =>
  Object.entries(h).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

export type LgBroker = StompBroker<AuthUser>;

/** Tokens sent with the upgrade request (header or query), by session. */
const upgradeTokens = new WeakMap<object, string>();

export function createLgBroker(db: Db, secret: Uint8Array): LgBroker {
  const topics = new Set<string>(Object.values(LG_TOPICS));
  return new StompBroker<AuthUser>({
    async authenticate(h, session) {
      const token =
        bearer(header(h, 'Authorization')) ??
        bearer(header(h, 'Blade-Auth')) ??
        bearer(header(h, 'passcode')) ??
        upgradeTokens.get(session);
      if (!token) throw new StompRefusal('请求未授权', '在 CONNECT 帧的 Authorization 头中发送 Bearer 令牌');
      try {
        const user = await authenticateToken(token, db, secret);
        return { principal: user, partition: user.tenantId };
      } catch (e) {
        if (e instanceof ApiError) throw new StompRefusal('请求未授权');
        throw e;
      }
    },
    subscribe(_s, destination) {
      if (!topics.has(destination)) throw new StompRefusal('没有权限', `只能订阅 ${[...topics].join('、')}`);
    },
    send() {
      throw new StompRefusal('没有权限', '车辆位置频道只读');
    },
  });
}

export function registerLgSocket(app: FastifyInstance, db: Db, secret: Uint8Array, broker: LgBroker): void {
  app.addHook('preClose', async () => broker.closeAll());
  app.route({
    method: 'GET',
    url: LG_WS,
    config: { public: true },
    handler: async (req, reply) => {
      await authenticate(req, db, secret);
      reply.code(426).header('upgrade', 'websocket');
      throw new ApiError(426, '请使用 WebSocket (STOMP 1.2) 连接');
    },
    wsHandler: (socket: WebSocket, req) => {
      const session = broker.attach({ send: (d) => socket.send(d), close: (c, r) => socket.close(c, r) });
      const t = readToken(req);
      if (t) upgradeTokens.set(session, t);
      socket.on('message', (data, isBinary) => {
        const chunk = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        session.receive(isBinary ? chunk : chunk.toString('utf8'));
      });
      socket.on('close', () => session.transportClosed());
      socket.on('error', () => session.transportClosed());
    },
  });
}

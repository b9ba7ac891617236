/**
 * izs-weighing (spec §4, §7.9): the weighing socket and its client configuration. Weighing orders arrive later.
 *
 *   GET /api/izs-weighing/ws             STOMP 1.2 over WebSocket (embedded broker; socket.ts). Without BROKER_URL
 *                                        only; a plain (non-upgrade) GET answers 401 without a token, else 426.
 *   GET /api/izs-weighing/socket-config  R<SocketConfig>: broker URL (this path, or BROKER_URL), destinations,
 *                                        external-broker login, default plugin-link address.
 */
import type { FastifyInstance } from 'fastify';
import {
  BROKER_DESTINATIONS,
  EXTERNAL_TOPIC_TEMPLATE,
  PLUGIN_DEFAULT_URL,
  WEIGHING_PATHS,
  WEIGHING_SOCKET,
} from '../../../core/contract/izs-weighing/socket.contract.ts';
import type { BrokerOptions, StompSession } from '../../../core/stomp/broker.ts';
import { authenticate } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { ApiError } from '../../platform/r.ts';
import { attachSocket, createWeighingBroker, publishServerMessage, type WeighingPrincipal } from './socket.ts';

export function registerIzsWeighing(
  app: FastifyInstance,
  ctx: AppContext,
  brokerOptions: Partial<BrokerOptions> = {},
): void {
  const { database, config, secret } = ctx;
  const db = database.db;

  endpoints(app, db).handle(WEIGHING_SOCKET.socketConfig, () =>
    config.brokerUrl
      ? {
          mode: 'external' as const,
          brokerUrl: config.brokerUrl,
          destinations: {
            subscribe: EXTERNAL_TOPIC_TEMPLATE,
            addUser: EXTERNAL_TOPIC_TEMPLATE,
            sendMessage: EXTERNAL_TOPIC_TEMPLATE,
          },
          login: config.brokerLogin,
          passcode: config.brokerPasscode,
          pluginUrl: config.scalePluginUrl ?? PLUGIN_DEFAULT_URL,
        }
      : {
          mode: 'embedded' as const,
          brokerUrl: WEIGHING_PATHS.ws,
          destinations: { ...BROKER_DESTINATIONS },
          login: '',
          passcode: '',
          pluginUrl: config.scalePluginUrl ?? PLUGIN_DEFAULT_URL,
        },
  );

  if (config.brokerUrl) return;

  const upgradeTokens = new WeakMap<StompSession<WeighingPrincipal>, string>();
  const broker = createWeighingBroker(db, secret, upgradeTokens, brokerOptions);
  app.addHook('preClose', async () => broker.closeAll());
  ctx.deptChannel = (tenantId, deptId, content) => publishServerMessage(broker, tenantId, deptId, content);
  app.route({
    method: 'GET',
    url: WEIGHING_PATHS.ws,
    // the token travels in the CONNECT frame (browsers cannot set headers on a WebSocket upgrade)
    config: { public: true },
    handler: async (req, reply) => {
      await authenticate(req, db, secret);
      reply.code(426).header('upgrade', 'websocket');
      throw new ApiError(426, '请使用 WebSocket (STOMP 1.2) 连接');
    },
    wsHandler: (socket, req) => attachSocket(broker, upgradeTokens, socket, req),
  });
}

/**
 * The local plugin link (spec §4, §7.9 "a separate link to a local weighing plugin service carries the weight and
 * car topics"): an HTTP server on the weighbridge PC with
 *
 *   ws://<host>:<port>/ws   STOMP 1.2 (the server's broker core, no login: it listens on 127.0.0.1 by default)
 *                           SUBSCRIBE /topic/weight → WeightReading JSON, /topic/car → CarReading JSON
 *   POST /anpr              plate results pushed by an ANPR camera (anpr.ts formats) → /topic/car
 *   GET  /status            the bridge's state (format, port, last reading, decoder counters) as JSON
 *
 * The latest weight is replayed to a new /topic/weight subscriber so a screen opened mid-weighing shows it at once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import {
  type CarReading,
  PLUGIN_ANPR_PATH,
  PLUGIN_TOPICS,
  type WeightReading,
} from '../../core/contract/izs-weighing/socket.contract.ts';
import { StompBroker, StompRefusal } from '../../core/stomp/broker.ts';
import { type AnprInput, parseAnpr } from './anpr.ts';

const PARTITION = 'local';
const TOPICS = new Set<string>(Object.values(PLUGIN_TOPICS));
const MAX_BODY = 8 * 1024 * 1024;

export interface PluginServerOptions {
  host: string;
  port: number;
  scale: string;
  /** Called for every accepted plate (the bridge forwards it upstream). */
  onCar?: (car: CarReading) => void;
  /** Extra fields for GET /status. */
  status?: () => Record<string, unknown>;
  heartbeat?: [number, number];
}

export interface PluginServer {
  readonly url: string;
  readonly port: number;
  publishWeight(w: WeightReading): void;
  publishCar(c: CarReading): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('请求体过大'));
        req.destroy();
        return;
      }
      parts.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'access-control-allow-origin': '*',
  });
  res.end(JSON.stringify(body));
};

export async function startPluginServer(opts: PluginServerOptions): Promise<PluginServer> {
  let lastWeight: WeightReading | undefined;
  const broker: StompBroker<string> = new StompBroker<string>(
    {
      authenticate: async () => ({ principal: 'local', partition: PARTITION }),
      subscribe: (_s, destination) => {
        if (!TOPICS.has(destination)) throw new StompRefusal('没有权限', `只能订阅 ${[...TOPICS].join(', ')}`);
      },
      subscribed: (session, sub) => {
        // a screen opened mid-weighing shows the newest weight at once
        if (sub.destination === PLUGIN_TOPICS.weight && lastWeight) {
          session.deliver(sub.id, JSON.stringify(lastWeight), { 'content-type': 'application/json;charset=utf-8' });
        }
      },
      send: () => {
        throw new StompRefusal('没有权限', '插件通道只读');
      },
    },
    { serverName: 'Loopyard-scale-bridge/1.0', ...(opts.heartbeat ? { heartbeat: opts.heartbeat } : {}) },
  );

  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'content-type',
        });
        res.end();
        return;
      }
      if (req.method === 'POST' && path === PLUGIN_ANPR_PATH) {
        const raw = await readBody(req);
        let input: AnprInput;
        try {
          input = JSON.parse(raw.toString('utf8'));
        } catch {
          json(res, 400, { code: 400, success: false, msg: '请求体必须是 JSON' });
          return;
        }
        const parsed = parseAnpr(input);
        if (!parsed.ok) {
          json(res, 400, { code: 400, success: false, msg: parsed.msg });
          return;
        }
        const car: CarReading = { ...parsed.car, scale: opts.scale };
        publishCar(car);
        opts.onCar?.(car);
        // 臻识 cameras expect {"Response_AlarmInfoPlate": …}; a plain answer is fine for the generic format
        json(
          res,
          200,
          parsed.vendor === 'vzenith'
            ? { Response_AlarmInfoPlate: { info: 'ok' } }
            : { code: 200, success: true, msg: '操作成功' },
        );
        return;
      }
      if (req.method === 'GET' && path === '/status') {
        json(res, 200, { scale: opts.scale, clients: broker.size, lastWeight, ...(opts.status?.() ?? {}) });
        return;
      }
      json(res, 404, { code: 404, success: false, msg: '资源不存在' });
    } catch (e) {
      json(res, 400, { code: 400, success: false, msg: e instanceof Error ? e.message : '请求错误' });
    }
  });

  const wss = new WebSocketServer({ server, path: '/ws', maxPayload: 64 * 1024 });
  // ws re-emits the http server's errors (a taken port): the listen promise below reports them
  wss.on('error', () => {});
  wss.on('connection', (socket) => {
    const session = broker.attach({
      send: (d) => socket.send(d),
      close: (code, reason) => socket.close(code, reason),
    });
    socket.on('message', (data, isBinary) => {
      const chunk = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      session.receive(isBinary ? chunk : chunk.toString('utf8'));
    });
    socket.on('close', () => session.transportClosed());
    socket.on('error', () => session.transportClosed());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  function publishCar(c: CarReading) {
    broker.publish(PARTITION, PLUGIN_TOPICS.car, JSON.stringify(c), {
      'content-type': 'application/json;charset=utf-8',
    });
  }

  return {
    url: `ws://${opts.host}:${port}/ws`,
    port,
    publishWeight(w) {
      lastWeight = w;
      broker.publish(PARTITION, PLUGIN_TOPICS.weight, JSON.stringify(w), {
        'content-type': 'application/json;charset=utf-8',
      });
    },
    publishCar,
    async close() {
      broker.closeAll();
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * izs-weighing real-time contract (spec §4 weighing-scale socket, §7.9): the STOMP destinations of the server
 * broker, the chat messages that carry a department's live weight, the socket-config answer, and the local
 * plugin link (the scale bridge on the weighbridge PC) with its weight and car topics.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

export const WEIGHING_PATHS = {
  /** STOMP 1.2 over WebSocket (the embedded broker; absent when BROKER_URL points elsewhere). */
  ws: '/api/izs-weighing/ws',
  /** GET → R<SocketConfig>: where the browser's STOMP client connects and which destinations it uses. */
  socketConfig: '/api/izs-weighing/socket-config',
} as const;

/** Destinations of the embedded broker (spec §7.9). */
export const BROKER_DESTINATIONS = {
  subscribe: '/topic/public',
  addUser: '/app/chat.addUser',
  sendMessage: '/app/chat.sendMessage',
} as const;

/**
 * On RabbitMQ Web-STOMP there is no application handler behind `/app/…`, so every destination maps to one
 * routing key of the amq.topic exchange per tenant and department: `/topic/public.<tenantId>.<deptId>`.
 */
export const EXTERNAL_TOPIC_TEMPLATE = '/topic/public.{tenantId}.{deptId}';

export const CHAT_TYPES = ['JOIN', 'CHAT', 'LEAVE'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];

/** Body of `/app/chat.addUser` and `/app/chat.sendMessage`, and of the MESSAGE frames on /topic/public. */
export const chatMessageSchema = z.object({
  /** The department id the message belongs to (spec: "sender deptId"). */
  sender: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^[1-9]\d{0,18}$/.test(v), { message: '发送方(部门编号)格式不正确' }),
  /** The weight reading for CHAT (a decimal string in kg); empty for JOIN/LEAVE. */
  content: z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .refine((v) => v.length <= 4096, { message: '消息内容过长' })
    .optional(),
  type: z.enum(CHAT_TYPES, { message: '消息类型必须是 JOIN、CHAT 或 LEAVE' }),
});
export type ChatMessage = z.output<typeof chatMessageSchema>;

/** Delivered MESSAGE body on /topic/public: the chat message plus who sent it and when (server time, ms). */
export interface ChatDelivery {
  sender: string;
  content?: string;
  type: ChatType;
  account: string;
  time: number;
}

export const socketConfigSchema = z.object({
  /** embedded: this server's broker at WEIGHING_PATHS.ws; external: BROKER_URL (RabbitMQ Web-STOMP). */
  mode: z.enum(['embedded', 'external']),
  /** Absolute ws(s) URL for external; the path for embedded (the client resolves it against its origin). */
  brokerUrl: z.string(),
  /** Destinations; `{tenantId}` and `{deptId}` are filled in by the client. */
  destinations: z.object({ subscribe: z.string(), addUser: z.string(), sendMessage: z.string() }),
  /** STOMP login/passcode for an external broker (BROKER_LOGIN / BROKER_PASSCODE), empty otherwise. */
  login: z.string(),
  passcode: z.string(),
  /** Default address of the local plugin link (SCALE_PLUGIN_URL), e.g. ws://127.0.0.1:9610/ws. */
  pluginUrl: z.string(),
});
export type SocketConfig = z.infer<typeof socketConfigSchema>;

/** Where the STOMP clients connect (any signed-in user; handler in server/modules/izs-weighing/routes.ts). */
export const WEIGHING_SOCKET = {
  socketConfig: endpoint({
    method: 'GET',
    path: WEIGHING_PATHS.socketConfig,
    summary: '称重消息通道的连接配置',
    answer: socketConfigSchema,
  }),
};

// ---- the local plugin link (tools/scale-bridge ⇄ the browser on the weighbridge PC) ----

export const PLUGIN_DEFAULT_PORT = 9610;
export const PLUGIN_DEFAULT_URL = `ws://127.0.0.1:${PLUGIN_DEFAULT_PORT}/ws`;
export const PLUGIN_TOPICS = {
  /** body: WeightReading */
  weight: '/topic/weight',
  /** body: CarReading */
  car: '/topic/car',
} as const;
/** The bridge's HTTP endpoint an ANPR camera POSTs plate results to. */
export const PLUGIN_ANPR_PATH = '/anpr';

/** One reading of the indicator. `value` is the displayed weight as a decimal string in `unit`. */
export interface WeightReading {
  value: string;
  unit: 'kg' | 't' | 'lb' | 'g';
  /** true when the indicator says so (Toledo motion bit) or the bridge's stability window holds. */
  stable: boolean;
  /** Scale id from the bridge's --scale option ('' when unset). */
  scale: string;
  /** ms since epoch. */
  time: number;
  /**
   * issue 24: the lane's positioning sensors (红外对射) at this reading, when the bridge has them: true = beam
   * blocked (the truck is not fully on the deck). Absent on a lane without sensors.
   */
  sensors?: { front: boolean; rear: boolean };
}

/** A plate result from the camera (or the simulator). */
export interface CarReading {
  carNumber: string;
  /** Plate colour in Chinese (蓝, 黄, 绿, 白, 黑) or '' when unknown. */
  color: string;
  scale: string;
  time: number;
  /** base64 JPEG (no data: prefix) when the camera sent one. */
  image?: string;
}

/** The port-error event raised on window when the plugin link fails (spec §8). */
export const SCALE_PORT_ERROR_EVENT = 'loopyard:scale-port-error';
export const PLUGIN_FAILURE_LOG = '插件通讯失败';
/** Weight updates reach the UI at most every 100 ms (spec §9). */
export const WEIGHT_DEBOUNCE_MS = 100;

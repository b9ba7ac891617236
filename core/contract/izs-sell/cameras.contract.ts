/**
 * 摄像头 (spec §7.6: GET /api/izs-sell/cameras/page, look): IP cameras bound to a weighbridge that photograph each
 * pass (车头, 车尾, 车顶). `look?id=` answers where to see the camera: the snapshot address and the live stream.
 *
 * Constraints:
 * - the password is write-only: never answered (entities carry `hasPassword` 1/0 instead); editing with an empty
 *   password keeps the stored one.
 * - addresses answered by `look` never contain the account or password (the desktop plugin holds the login).
 * - ip is IPv4; port 1–65535; channel 1–64; snapshot/stream URLs are http(s)/rtsp(s)/ws(s) or empty (then built
 *   from the brand's standard path).
 */
import { z } from 'zod';
import { idSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { num } from '../input.ts';
import { DEPT_TREE, entityBase, flag, int, oneOf, opt, refReq, req } from '../izs-base/fields.ts';
import { defineResource } from '../resource.ts';

export const CAMERA_BRANDS = [
  { label: '海康威视', value: 'hikvision' },
  { label: '大华', value: 'dahua' },
  { label: '宇视', value: 'uniview' },
  { label: '其他', value: 'other' },
];
export const CAMERA_POSITIONS = [
  { label: '车头', value: 'front' },
  { label: '车尾', value: 'rear' },
  { label: '车顶', value: 'top' },
  { label: '侧面', value: 'side' },
];

export const CAMERA_PATHS = { look: '/api/izs-sell/cameras/look', station: '/api/izs-sell/cameras/station' } as const;

const url = (label: string) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(500, `${label}不能超过500个字符`)
    .refine((v) => v === '' || /^(https?|rtsps?|wss?):\/\/[^\s]+$/i.test(v), {
      message: `${label}应以 http://、https://、rtsp:// 或 ws:// 开头`,
    })
    .default('');

export const camerasEntity = z.object({
  ...entityBase,
  name: z.string(),
  weighbridgeId: z.string().nullable(),
  weighbridgeName: z.string().nullable().optional(),
  position: z.string(),
  brand: z.string(),
  ip: z.string(),
  port: z.number(),
  channel: z.number(),
  account: z.string(),
  /** 1 when a password is stored (the password itself is never answered). */
  hasPassword: z.number(),
  snapshotUrl: z.string(),
  streamUrl: z.string(),
  remark: z.string(),
});

export const camerasForm = z.object({
  name: req('摄像头名称', 64),
  weighbridgeId: refReq('所属地磅'),
  position: oneOf('安装位置', ['front', 'rear', 'top', 'side'], 'front'),
  brand: oneOf('品牌', ['hikvision', 'dahua', 'uniview', 'other'], 'hikvision'),
  ip: z
    .string({ error: '请输入IP地址' })
    .trim()
    .refine((v) => /^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)$/.test(v), {
      message: 'IP地址格式不正确',
    }),
  port: int('端口', 1, 65535, 80),
  channel: int('通道号', 1, 64, 1),
  account: opt('账号', 64),
  password: opt('密码', 128),
  snapshotUrl: url('抓拍地址'),
  streamUrl: url('视频流地址'),
  status: flag('状态', 1),
  remark: opt('备注', 255),
});

export const camerasQuery = z.object({
  name: z.string().optional(),
  ip: z.string().optional(),
  weighbridgeId: z.string().optional(),
  brand: z.string().optional(),
  status: num().int().optional(),
});

/** Answer of `look?id=`. */
export interface CameraLook {
  id: string;
  name: string;
  brand: string;
  position: string;
  weighbridgeName: string | null;
  /** http(s) address of one JPEG frame. */
  snapshotUrl: string;
  /** rtsp/http/ws address of the live stream. */
  streamUrl: string;
}

export const cameraLookSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  position: z.string(),
  weighbridgeName: z.string().nullable(),
  snapshotUrl: z.string(),
  streamUrl: z.string(),
}) satisfies z.ZodType<CameraLook>;

/** Hand-written reads of cameras besides the engine's CRUD (handler: server/modules/izs-sell/cameras.ts). */
export const CAMERAS = {
  look: endpoint({
    method: 'GET',
    path: CAMERA_PATHS.look,
    summary: '摄像头的抓拍地址与视频流地址（不含账号密码）',
    query: z.object({ id: idSchema }),
    answer: cameraLookSchema,
    permission: { code: 'base_cameraList', action: 'view' },
  }),
  /**
   * The weighing stations' read: a weighbridge's enabled cameras with their addresses, for whoever may weigh there
   * (过磅作业, 简易过磅, 分拣过磅) or view the camera list — a clerk records the snapshots without the 摄像头 menu.
   */
  station: endpoint({
    method: 'GET',
    path: CAMERA_PATHS.station,
    summary: '过磅作业：某地磅启用的摄像头及其抓拍地址（不含账号密码）',
    query: z.object({ weighbridgeId: idSchema }),
    answer: z.array(cameraLookSchema),
    permission: {
      anyView: [
        'supply_chain_loadometer',
        'supply_chain_ease_loadometer',
        'supply_chain_assembly_loadometer',
        'base_cameraList',
      ],
    },
  }),
};

export const WEIGHBRIDGE_SELECT = {
  endpoint: '/api/izs-base/weighbridge/select-list',
  labelKey: 'name',
  valueKey: 'id',
};

export const camerasResource = defineResource({
  name: 'cameras',
  title: '摄像头',
  service: 'izs-sell',
  path: '/api/izs-sell/cameras',
  permission: 'base_cameraList',
  schemas: { entity: camerasEntity, form: camerasForm, query: camerasQuery },
  scope: 'dept',
  sortable: ['name', 'ip', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  unique: [{ fields: ['ip', 'channel'], message: '该IP和通道的摄像头已存在' }],
  columns: [
    { field: 'name', label: '摄像头名称', kind: 'text', width: 140 },
    {
      field: 'weighbridgeId',
      label: '所属地磅',
      kind: 'select',
      labelField: 'weighbridgeName',
      options: WEIGHBRIDGE_SELECT,
    },
    { field: 'position', label: '安装位置', kind: 'select', options: { options: CAMERA_POSITIONS }, width: 90 },
    { field: 'brand', label: '品牌', kind: 'select', options: { options: CAMERA_BRANDS }, width: 100 },
    { field: 'ip', label: 'IP地址', kind: 'code', width: 130 },
    { field: 'port', label: '端口', kind: 'number', width: 70 },
    { field: 'channel', label: '通道号', kind: 'number', width: 80 },
    { field: 'account', label: '账号', kind: 'text', width: 90 },
    { field: 'hasPassword', label: '已设密码', kind: 'bool', width: 90 },
    { field: 'snapshotUrl', label: '抓拍地址', kind: 'text' },
    { field: 'streamUrl', label: '视频流地址', kind: 'text' },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'name', label: '摄像头名称', kind: 'text' },
    { field: 'ip', label: 'IP地址', kind: 'text' },
    { field: 'weighbridgeId', label: '所属地磅', kind: 'select' },
    { field: 'brand', label: '品牌', kind: 'select' },
    { field: 'status', label: '状态', kind: 'status' },
  ],
  form: [
    { field: 'name', label: '摄像头名称', kind: 'text', required: true },
    { field: 'weighbridgeId', label: '所属地磅', kind: 'select', required: true, options: WEIGHBRIDGE_SELECT },
    { field: 'position', label: '安装位置', kind: 'select', required: true, options: { options: CAMERA_POSITIONS } },
    { field: 'brand', label: '品牌', kind: 'select', required: true, options: { options: CAMERA_BRANDS } },
    { field: 'ip', label: 'IP地址', kind: 'code', required: true },
    { field: 'port', label: '端口', kind: 'number' },
    { field: 'channel', label: '通道号', kind: 'number' },
    { field: 'account', label: '账号', kind: 'text' },
    { field: 'password', label: '密码', kind: 'password' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'snapshotUrl', label: '抓拍地址', kind: 'text' },
    { field: 'streamUrl', label: '视频流地址', kind: 'text' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

/** Removes `user:password@` from a URL (look answers never carry the camera's login). */
export function withoutCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1');
}

/**
 * Where to see a camera: the configured snapshot / stream address, else the brand's standard one
 * (Hikvision ISAPI + RTSP `Streaming/Channels/{ch}01`, Dahua `snapshot.cgi` + `cam/realmonitor`, Uniview LAPI +
 * `unicast/c{ch}/s0/live`); credentials are always stripped.
 */
export function cameraAddresses(c: {
  brand: string;
  ip: string;
  port: number;
  channel: number;
  snapshotUrl: string;
  streamUrl: string;
}): { snapshotUrl: string; streamUrl: string } {
  const http = `http://${c.ip}${c.port === 80 ? '' : `:${c.port}`}`;
  const rtsp = `rtsp://${c.ip}:554`;
  const std: Record<string, [string, string]> = {
    hikvision: [`${http}/ISAPI/Streaming/channels/${c.channel}01/picture`, `${rtsp}/Streaming/Channels/${c.channel}01`],
    dahua: [
      `${http}/cgi-bin/snapshot.cgi?channel=${c.channel}`,
      `${rtsp}/cam/realmonitor?channel=${c.channel}&subtype=0`,
    ],
    uniview: [
      `${http}/LAPI/V1.0/Channels/${c.channel - 1}/Media/Video/Streams/0/Snapshot`,
      `${rtsp}/unicast/c${c.channel}/s0/live`,
    ],
  };
  const [snap, stream] = std[c.brand] ?? ['', ''];
  return {
    snapshotUrl: withoutCredentials(c.snapshotUrl || snap),
    streamUrl: withoutCredentials(c.streamUrl || stream),
  };
}

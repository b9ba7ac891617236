/**
 * Plate results pushed by an ANPR camera (车牌识别相机) over HTTP POST to the bridge's /anpr.
 *
 * generic  {"plate": "苏A12345", "color": "蓝" | "blue" | 1, "time": "2026-01-02 08:30:00" | ms, "image": base64?}
 * vzenith  臻识 (Vzenith) HTTP push "AlarmInfoPlate":
 *          {"AlarmInfoPlate": {"serialno": …, "result": {"PlateResult": {"license": "苏A12345", "colorType": 1,
 *            "imageFile": base64, "timeStamp": {"Timeval": {"sec": 1767312000}}}}}}
 *          colorType: 0 未知, 1 蓝, 2 黄, 3 白, 4 黑, 5 绿, 6 黄绿 (new-energy lorry plates).
 */
import type { CarReading } from '../../core/contract/izs-weighing/socket.contract.ts';

export type AnprInput = Record<string, unknown>;

const COLORS: Record<string, string> = {
  '0': '',
  '1': '蓝',
  '2': '黄',
  '3': '白',
  '4': '黑',
  '5': '绿',
  '6': '黄绿',
  blue: '蓝',
  yellow: '黄',
  white: '白',
  black: '黑',
  green: '绿',
  蓝: '蓝',
  黄: '黄',
  白: '白',
  黑: '黑',
  绿: '绿',
  黄绿: '黄绿',
  蓝色: '蓝',
  黄色: '黄',
  白色: '白',
  黑色: '黑',
  绿色: '绿',
};

/**
 * A Chinese plate: province abbreviation + letter + 5 (or 6 for new-energy) letters/digits, the last may be
 * 挂/学/警/港/澳; some cameras answer 无车牌 / "_无_" when nothing was read — refused.
 */
const PLATE =
  /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$/;

export type AnprResult =
  | { ok: true; car: Omit<CarReading, 'scale'>; vendor: 'generic' | 'vzenith' }
  | { ok: false; msg: string };

function parseTime(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return Date.now();
  if (typeof v === 'number' && Number.isFinite(v)) return v < 1e11 ? v * 1000 : v;
  if (typeof v === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(v.trim());
    if (m) {
      const t = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
      return Number.isNaN(t.getTime()) ? undefined : t.getTime();
    }
    if (/^\d{10,13}$/.test(v.trim())) return parseTime(Number(v));
  }
  return undefined;
}

function image(v: unknown): string | undefined | false {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') return false;
  const b64 = v.replace(/^data:image\/\w+;base64,/, '');
  return /^[A-Za-z0-9+/=\r\n]+$/.test(b64) ? b64.replace(/[\r\n]/g, '') : false;
}

function build(plate: unknown, color: unknown, time: unknown, img: unknown, vendor: 'generic' | 'vzenith'): AnprResult {
  if (typeof plate !== 'string' || !plate.trim()) return { ok: false, msg: '车牌号不能为空' };
  const carNumber = plate.trim().toUpperCase();
  if (!PLATE.test(carNumber)) return { ok: false, msg: `车牌号格式不正确: ${carNumber.slice(0, 16)}` };
  const c =
    COLORS[
      String(color ?? '0')
        .trim()
        .toLowerCase()
    ];
  if (c === undefined) return { ok: false, msg: '车牌颜色不正确' };
  const at = parseTime(time);
  if (at === undefined) return { ok: false, msg: '识别时间格式不正确，应为 yyyy-MM-dd HH:mm:ss 或毫秒时间戳' };
  const i = image(img);
  if (i === false) return { ok: false, msg: '图片必须是 base64 编码的 JPEG' };
  return { ok: true, vendor, car: { carNumber, color: c, time: at, ...(i ? { image: i } : {}) } };
}

export function parseAnpr(body: AnprInput): AnprResult {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, msg: '请求体必须是 JSON 对象' };
  const alarm = body.AlarmInfoPlate as Record<string, unknown> | undefined;
  if (alarm && typeof alarm === 'object') {
    const pr = (alarm.result as Record<string, unknown> | undefined)?.PlateResult as
      | Record<string, unknown>
      | undefined;
    if (!pr || typeof pr !== 'object') return { ok: false, msg: 'AlarmInfoPlate.result.PlateResult 缺失' };
    const sec = ((pr.timeStamp as Record<string, unknown> | undefined)?.Timeval as Record<string, unknown> | undefined)
      ?.sec;
    return build(pr.license, pr.colorType, typeof sec === 'number' ? sec * 1000 : undefined, pr.imageFile, 'vzenith');
  }
  return build(body.plate ?? body.carNumber, body.color, body.time, body.image, 'generic');
}

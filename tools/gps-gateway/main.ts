/**
 * npm run gps-gateway -- [options]
 *
 *   --port 8808                 TCP port the JT/T 808 terminals connect to (JT808_PORT)
 *   --server http://127.0.0.1:8080   the Loopyard server (LOOPYARD_SERVER)
 *   --token <secret>            the server's GPS_GATEWAY_TOKEN (default: that env variable)
 *   --simulate N                also start N simulated terminals against this gateway (demo cars are
 *                               13900000000…13900000005; more need cars with those GPS device ids)
 *   --flush-ms 15               a batch of positions goes this long after its first (GPS_GATEWAY_FLUSH_MS)
 */
import { parseArgs } from 'node:util';
import { Gateway } from './gateway.ts';
import { simulateTerminals } from './simulate.ts';
import { Upstream } from './upstream.ts';

const HELP = `Loopyard GPS 网关 (JT/T 808-2013/2019, TCP)

用法: GPS_GATEWAY_TOKEN=… npm run gps-gateway -- --port 8808 --server http://127.0.0.1:8080 [--simulate 6]

  --port <n>        终端连接的 TCP 端口 (默认 8808)
  --server <url>    Loopyard 服务器地址 (默认 http://127.0.0.1:8080)
  --token <t>       网关令牌，与服务器的 GPS_GATEWAY_TOKEN 相同
  --simulate <n>    同时模拟 n 台终端，每秒上报一次位置 (演示车辆的设备号为 13900000000 起)
  --flush-ms <n>    位置攒批的等待毫秒数 (默认 15；上一批未答复时顺延)
`;

const { values: a } = parseArgs({
  options: {
    help: { type: 'boolean', short: 'h' },
    port: { type: 'string', default: process.env.JT808_PORT ?? '8808' },
    server: { type: 'string', default: process.env.LOOPYARD_SERVER ?? 'http://127.0.0.1:8080' },
    token: { type: 'string', default: process.env.GPS_GATEWAY_TOKEN ?? '' },
    simulate: { type: 'string' },
    'flush-ms': { type: 'string', default: process.env.GPS_GATEWAY_FLUSH_MS ?? '15' },
  },
});

if (a.help) {
  console.log(HELP);
  process.exit(0);
}
if (!a.token) {
  console.error('缺少网关令牌：设置 GPS_GATEWAY_TOKEN（服务器与网关相同）或 --token');
  process.exit(2);
}

const gw = new Gateway(new Upstream(a.server!, a.token, Math.max(0, Number(a['flush-ms']) || 0)));
const port = await gw.listen(Number(a.port));
console.log(`GPS 网关监听 TCP ${port}，转发到 ${a.server}`);
let sim: ReturnType<typeof simulateTerminals> | undefined;
if (a.simulate) {
  sim = simulateTerminals(Number(a.simulate), '127.0.0.1', port);
  console.log(`模拟 ${a.simulate} 台终端`);
}
const tick = setInterval(() => {
  const s = gw.stats;
  console.log(
    `连接 ${s.sessions} 帧 ${s.frames} 已存储 ${s.stored} 拒收 ${s.refused} 坏帧 ${s.bad}` +
      (sim ? ` | 模拟：已发 ${sim.stats.sent} 已确认 ${sim.stats.acked}` : ''),
  );
}, 10_000);
const stop = async () => {
  clearInterval(tick);
  sim?.stop();
  await gw.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

import { spawn } from 'node:child_process';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, openFromSidebar, openInApp, signIn } from './helpers.ts';

/**
 * 车道监控 (issue 24) in Chromium against the real server: the simulated unattended lane (`npm run lane-sim`, the
 * demo scenario: a clean truck, then a truck whose card plate differs from the camera's read) runs against the
 * server on its own Modbus TCP relay board and LED / voice adapter and publishes on the DB01 department channel; the
 * monitor, with no weighbridge picked, takes the lane that publishes (DB01), shows the clean truck weighed and gone
 * without anyone touching it, and the second truck — identified by its card, the 派车单 looked up on the server —
 * held in 异常过磅 (red banner, plate mismatch), which the exceptions list then holds for a supervisor. A clerk's
 * 接管 (人工识别) meanwhile reaches the lane through the server, is refused by the busy lane, and the monitor's
 * command list shows it 失败 with the lane's reason.
 */
test('车道监控: a clean truck passes the simulated lane; a plate swap ends held in 异常过磅', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  await signIn(page);
  await openFromSidebar(page, '供应链', '过磅与直发', '车道监控');
  await expect(page).toHaveURL(/\/supply-chain\/lane-monitor/);
  // nothing picked: the monitor listens on every weighbridge's department and takes the lane that publishes
  await expect(page.getByTestId('lane-online')).toHaveText('通道已连接', { timeout: 20_000 });
  await expect(page.getByText('等待车道数据')).toBeVisible();

  const token = (await page.context().cookies()).find((c) => c.name === 'loopyard-access-token')?.value ?? '';
  const lane = spawn(
    'npx',
    [
      'tsx',
      'tools/scale-bridge/lane-run.ts',
      '--server',
      String(baseURL),
      '--token',
      token,
      '--scale',
      'DB01',
      '--speed',
      '2',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  lane.stdout.on('data', (d) => {
    out += d;
  });
  lane.stderr.on('data', (d) => {
    out += d;
  });
  try {
    // the clean truck: identified, on deck, captured, barrier up, gone — nobody touched it
    const truck = page.getByTestId('lane-truck');
    await expect(truck).toContainText('苏E7L260', { timeout: 40_000 });
    // the lane that published is DB01's: the monitor picked it by itself
    await expect(page.getByTestId('lane-monitor').locator('.semi-select').first()).toContainText('1号地磅(进场)');
    await expect(truck).toContainText('一次过磅');
    await expect(page.getByTestId('lane-led')).toContainText('一次过磅完成，请下磅', { timeout: 30_000 });
    // the second truck: the lane reads its card (the 派车单 of 浙B1H947, looked up on the server), the camera reads
    // 浙B1H974 → held
    await expect(truck).toContainText('浙B1H947', { timeout: 40_000 });
    await expect(truck).toContainText(/PC\d{12}/);
    await expect(page.getByTestId('lane-flags')).toContainText('异常过磅，等待主管处理', { timeout: 30_000 });
    await expect(page.getByTestId('lane-flags')).toContainText('车牌识别不一致');
    // the twin is drawn beside the monitor (a WebGL canvas)
    await expect(page.getByTestId('lane-twin').locator('canvas')).toBeVisible();
    await expect(truck).toContainText('不一致');
    await expect(page.getByTestId('lane-led')).toContainText('异常过磅，请等待处理');
    await page.screenshot({ path: 'test-results/lane-monitor-held.png' });

    // 接管 while the truck is held: the lane claims the command, refuses it (it is busy with the held truck) and
    // reports that back — the monitor shows the command 失败 with the lane's reason
    const takeover = page.getByTestId('lane-takeover');
    await takeover.getByRole('textbox', { name: '车牌号' }).fill('苏A99999');
    await takeover.getByRole('button', { name: '人工识别' }).click();
    const commands = page.getByTestId('lane-takeovers');
    const last = commands.locator('tbody tr').first();
    await expect(last).toContainText('人工识别');
    await expect(last).toContainText('苏A99999');
    await expect(last).toContainText('失败', { timeout: 15_000 });
    await expect(last).toContainText('车道正在为 浙B1H947 作业，不能识别新车辆');
    await page.screenshot({ path: 'test-results/lane-monitor-takeover.png', fullPage: true });

    // the exceptions list, by the app's own navigation (the sidebar's walk is shell.spec's: here its group was once
    // seen folded and its title hidden for the rest of the test on a loaded machine, and the click waited 4 minutes)
    await openInApp(page, '/supply-chain/weigh-exception');
    const row = page.locator('tr', { hasText: '浙B1H947' }).first();
    await expect(row).toContainText('车牌识别不一致');
    await expect(row).toContainText('浙B1H974');
  } finally {
    lane.kill();
    console.log(`lane-sim output:\n${out}`);
  }
  expect(out).not.toContain('Error');
  expect(errors).toEqual([]);
});

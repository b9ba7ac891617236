/**
 * lhci puppeteerScript: runs before each audited URL in the same browser.
 * The login page is audited signed out; every other page signed in as the demo admin through the real form.
 */
module.exports = async (browser, { url }) => {
  if (url.endsWith('/login')) return;
  const page = await browser.newPage();
  const origin = new URL(url).origin;
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle0' });
  if (!page.url().includes('/login')) return page.close(); // already signed in
  await page.type('input[placeholder="账号"]', 'admin');
  await page.type('input[placeholder="密码"]', 'admin');
  await Promise.all([
    page.waitForFunction(() => !location.pathname.startsWith('/login'), { timeout: 30000 }),
    page.keyboard.press('Enter'),
  ]);
  // the page signing in lands on the home page: let it finish, as a user's browser would before the next visit
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 30000 }).catch(() => undefined);
  await page.close();
};

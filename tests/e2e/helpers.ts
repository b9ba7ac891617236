import { expect, type Page } from '@playwright/test';

/** Sign in through the real login form (the main e2e server runs with CAPTCHA_MODE=off). */
export async function signIn(page: Page, account = 'admin', password = 'admin') {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByPlaceholder('账号').fill(account);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByPlaceholder('密码').press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

/** Open a sidebar entry by walking its parents' titles down to the leaf. */
export async function openFromSidebar(page: Page, ...titles: string[]) {
  const sidebar = page.getByTestId('sidebar');
  for (const t of titles) await sidebar.getByText(t, { exact: true }).first().click();
}

export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Calls the API as the signed-in user of the page (the access-token cookie). */
export async function apiAs<T = Record<string, string>>(
  page: Page,
  path: string,
  body?: unknown,
  query: Record<string, string> = {},
) {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'loopyard-access-token')?.value ?? '';
  const headers = { 'Blade-Auth': `bearer ${token}`, Authorization: `Basic ${btoa('saber:saber_secret')}` };
  const url = `${path}?${new URLSearchParams(query)}`;
  const r =
    body === undefined
      ? await page.request.get(url, { headers })
      : await page.request.post(url, { headers, data: body });
  return (await r.json()) as { code: number; data: T; msg: string };
}

import { chromium, devices } from '@playwright/test';
const [,, url, out, selector, mode, click] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext(mode === 'desktop' ? { viewport: { width: 1440, height: 900 } } : devices['Pixel 7']);
const page = await ctx.newPage();
await page.goto(url, { waitUntil: 'networkidle' });
if (click) { await page.getByRole('button', { name: click }).first().click(); await page.waitForTimeout(3000); }
await page.locator(selector).first().screenshot({ path: out });
await browser.close();

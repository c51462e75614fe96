import { chromium, devices } from '@playwright/test';
const [,, url, out, mode, click] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
const ctx = await browser.newContext(mode === 'desktop' ? { viewport: { width: 1440, height: 900 } } : devices['Pixel 7']);
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
const r = await page.goto(url, { waitUntil: 'networkidle' });
console.log('status', r.status(), await page.title());
if (click) { await page.getByRole('button', { name: click }).first().click(); await page.waitForTimeout(2500); }
await page.screenshot({ path: out, fullPage: true });
await browser.close();

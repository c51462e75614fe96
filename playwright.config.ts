import { defineConfig, devices } from '@playwright/test';

/**
 * Debian's `chromium-headless-shell` when installed (scripts/chromium.mjs): what Playwright itself
 * runs headless by default. Measured on the whole suite, alone on two cores: 372 s with the full
 * browser, which kept both cores busy, against 252 s with a sixth of the time idle (decision 146).
 */
import { chromiumPath } from './scripts/chromium.mjs';

export { chromiumPath };

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

/**
 * End-to-end tests run in Debian's Chromium against a production build (`next start`) on a
 * fresh SQLite database with the demo content: what a visitor gets, not the dev server.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Three on two cores: the browser tests mostly wait (page loads, polls, e-mail queues); measured,
  // two workers kept the machine about a third busy.
  workers: process.env.CI ? 3 : undefined,
  // CI runs the browser tests beside both integration suites on two cores; a few specs that share
  // the e2e SQLite file with a second server, or one day's till across languages, met a lock or a
  // neighbour's write there and failed once in a run while passing alone. One retry in CI only: a
  // test that fails twice fails the run, and a retried one is listed as "flaky" in the log (the
  // runner's totals count it passed; scripts/test.mjs prints how many).
  retries: process.env.CI ? 1 : 0,
  // Staff flows visit several admin pages: on a 2-core CI machine that also runs the server, they
  // need more than Playwright's 30 s default. A slower limit only delays a real failure.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // Recording a trace costs every test a quarter more CPU (measured: 40 tests, 107 → 78 s of the
    // runner's CPU, 227 → 186 s), and CI keeps only its log: traces are for a developer's runs.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // One project: every spec runs on a phone, the screen most visitors and the crew use; specs that
  // need a wide screen set their own viewport (page.setViewportSize). A second project matching no
  // file only made `--project` lists misleading.
  projects: [
    {
      name: 'phone',
      // A Pixel 7's viewport, touch and user agent; drawn at one device pixel per CSS pixel, since
      // software rendering 2.6× the pixels cost the suite minutes and no test looks at sharpness.
      use: { ...devices['Pixel 7'], deviceScaleFactor: 1, browserName: 'chromium' },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    env: { E2E_PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

// Which Chromium drives the browser tests and the benchmark (decisions 146 and 148).
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_BROWSER = '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell`: the same Chromium release as `chromium`, without the
 * browser's own interface. The full browser, even headless, starts renderers for its interface
 * (the address bar's pop-up and its search box, Lit modules) beside every page: on two cores they
 * took a third of the browser tests' time, and made a page's own main thread twice as slow while
 * the benchmark measured it. The full `chromium` when only that is installed; `CHROMIUM_PATH` wins.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);

import { describe, expect, it } from 'vitest';

import { medianLoadRun, medianOfRuns } from '../../scripts/bench-median.mjs';

const run = (lcpMs: number, extra: Record<string, unknown> = {}) => ({
  perf: 100,
  a11y: 100,
  bp: 100,
  seo: 100,
  lcpMs,
  tbtMs: 10,
  cls: 0,
  jsKB: 120,
  lcpElement: `img-${lcpMs}`,
  failing: [] as string[],
  ...extra,
});

describe("the bench's Lighthouse row for a page", () => {
  it('reports each figure as the median of the runs, with the median-LCP run’s element', () => {
    const row = medianOfRuns([
      run(1560, { perf: 97, tbtMs: 60, cls: 0.03, failing: ['largest-contentful-paint'] }),
      run(1380, { perf: 100, tbtMs: 0 }),
      run(1440, { perf: 99, tbtMs: 20, cls: 0.001 }),
    ]);
    expect(row).toMatchObject({ perf: 99, lcpMs: 1440, tbtMs: 20, cls: 0.001, lcpElement: 'img-1440', runs: 3 });
    expect(row.lcpRunsMs).toEqual([1560, 1380, 1440]);
    // A budget one run missed is still named.
    expect(row.failing).toEqual(['largest-contentful-paint']);
  });

  it('leaves out runs Lighthouse could not measure, and reports the error when none could', () => {
    expect(medianOfRuns([run(1400), { error: 'no trace' }, run(1500)])).toMatchObject({ lcpMs: 1450, runs: 2 });
    expect(medianOfRuns([{ error: 'no trace' }, { error: 'page hung' }])).toEqual({ error: 'page hung' });
  });
});

describe("the bench's load figures", () => {
  it('are the median run’s, with every run’s throughput and the highest memory kept', () => {
    const row = medianLoadRun([
      { reqPerSec: 3206, p50ms: 11, p99ms: 69, rssPeakMB: 310 },
      { reqPerSec: 6876, p50ms: 6, p99ms: 28, rssPeakMB: 330 },
      { reqPerSec: 6500, p50ms: 6, p99ms: 30, rssPeakMB: 320 },
    ]);
    expect(row).toMatchObject({ reqPerSec: 6500, p50ms: 6, p99ms: 30, rssPeakMB: 330 });
    expect(row.runs).toEqual([
      { reqPerSec: 3206, p99ms: 69 },
      { reqPerSec: 6876, p99ms: 28 },
      { reqPerSec: 6500, p99ms: 30 },
    ]);
  });
});

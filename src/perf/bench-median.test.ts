import { describe, expect, it } from 'vitest';

import {
  calibratedSlowdown,
  calibrationIndex,
  floorIsClear,
  FLOOR_TBT_MS,
  machineSpeed,
  medianLoadRun,
  medianOfRuns,
  REFERENCE_BENCHMARK_INDEX,
  slowRuns,
} from '../../scripts/bench-median.mjs';

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

describe('the machine speed behind the figures', () => {
  it("reports each page's median benchmark index and every run's", () => {
    const row = medianOfRuns([
      run(1400, { benchmarkIndex: 1785 }),
      run(1410, { benchmarkIndex: 1146 }),
      run(1420, { benchmarkIndex: 1700 }),
    ]);
    expect(row.benchmarkIndex).toBe(1700);
    expect(row.benchmarkIndexRuns).toEqual([1785, 1146, 1700]);
  });

  it('names the runs taken while the machine was much slower than its median, and only those', () => {
    const runs = {
      '/': [run(1400, { benchmarkIndex: 1780 }), run(1400, { benchmarkIndex: 1146 })],
      '/en': [run(1400, { benchmarkIndex: 1750 }), run(1400, { benchmarkIndex: 1700 })],
      '/fr': [run(1400, { benchmarkIndex: 1500 })],
    };
    expect(machineSpeed(runs)).toBe(1700);
    // 1,146 < 0.8 × 1,700 = 1,360; 1,500 is within the machine's usual spread.
    expect(slowRuns(runs)).toEqual([{ page: '/', index: 1, benchmarkIndex: 1146 }]);
  });

  it('has nothing to say without benchmark indices', () => {
    expect(machineSpeed({ '/': [run(1400)] })).toBeNull();
    expect(slowRuns({ '/': [run(1400)] })).toEqual([]);
  });

  it('slows each run so that any machine emulates the same phone: the reference desktop at 4×', () => {
    expect(REFERENCE_BENCHMARK_INDEX).toBe(1750);
    expect(calibratedSlowdown(1750)).toBe(4);
    // Twice as fast a machine is slowed twice as much; a slow day's machine less.
    expect(calibratedSlowdown(3500)).toBe(8);
    expect(calibratedSlowdown(1146)).toBe(2.6);
    // Within bounds whatever the index says; Lighthouse's own 4× without an index.
    expect(calibratedSlowdown(100)).toBe(1);
    expect(calibratedSlowdown(100_000)).toBe(20);
    expect(calibratedSlowdown(null)).toBe(4);
    expect(calibratedSlowdown(1750, 875)).toBe(8);
  });

  it('calibrates to the median of the readings so far, so one noisy reading does not throttle the next run', () => {
    // Readings from one quiet machine (2026-11-27): the last one alone would have slowed the next
    // run 4.8× where the machine's speed asks for 3.1×.
    const readings = [1150, 1379, 1228, 1307, 2104];
    expect(calibrationIndex(readings)).toBe(1307);
    expect(calibratedSlowdown(calibrationIndex(readings))).toBe(3);
    expect(calibratedSlowdown(readings.at(-1))).toBe(4.8);
    expect(calibrationIndex([1200, 1400])).toBe(1300);
    // A run Lighthouse read no index for adds nothing; none at all leaves Lighthouse's own 4×.
    expect(calibrationIndex([1300, null, undefined, 0, 1500, 1400])).toBe(1400);
    expect(calibrationIndex([])).toBeNull();
    expect(calibratedSlowdown(calibrationIndex([]))).toBe(4);
  });

  it("keeps each run's slowdown beside its figures", () => {
    const row = medianOfRuns([run(1400, { cpuSlowdown: 8 }), run(1410, { cpuSlowdown: 7.9 })]);
    expect(row.cpuSlowdownRuns).toEqual([8, 7.9]);
  });
});

describe("the machine's floor (a blank page's Lighthouse row)", () => {
  it('leaves a TBT budget judgeable only when a page with nothing on it blocks (almost) nothing', () => {
    expect(floorIsClear(run(800, { tbtMs: 0 }))).toBe(true);
    expect(floorIsClear(run(800, { tbtMs: FLOOR_TBT_MS }))).toBe(true);
    expect(floorIsClear(run(800, { tbtMs: FLOOR_TBT_MS + 1 }))).toBe(false);
    // A floor that could not be measured proves nothing about the machine.
    expect(floorIsClear({ error: 'no trace' })).toBe(false);
    expect(floorIsClear(run(800, { tbtMs: null }))).toBe(false);
    expect(floorIsClear(undefined)).toBe(false);
  });
});

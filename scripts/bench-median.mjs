// `npm run bench` repeats what this machine measures unevenly (its speed moves from one run to the
// next: the same build served 3,206 and 6,876 pages a second two minutes apart) and reports medians.

/**
 * One page's figures from several Lighthouse runs: each metric's median (a single run's LCP moves
 * by ±40 ms here, as Lighthouse's simulation starts from what the page did in that run), every
 * run's LCP kept alongside. The LCP element and phases are those of the run with the median LCP.
 */
export function medianOfRuns(runs) {
  const good = runs.filter((run) => !run.error && !run.unmeasured);
  if (good.length === 0) return runs.at(-1);
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const byLcp = [...good].sort((a, b) => a.lcpMs - b.lcpMs);
  const middleRun = byLcp[Math.floor((byLcp.length - 1) / 2)];
  const medianOf = (key) => median(good.map((run) => run[key]));
  return {
    ...middleRun,
    perf: Math.round(medianOf('perf')),
    lcpMs: Math.round(medianOf('lcpMs')),
    tbtMs: Math.round(medianOf('tbtMs')),
    cls: +medianOf('cls').toFixed(3),
    runs: good.length,
    ...(good.some((run) => run.cpuSlowdown != null)
      ? { cpuSlowdownRuns: good.map((run) => run.cpuSlowdown ?? null) }
      : {}),
    lcpRunsMs: good.map((run) => run.lcpMs),
    tbtRunsMs: good.map((run) => run.tbtMs),
    clsRuns: good.map((run) => run.cls),
    // Every run's shifted elements (a median run can have none while another moved a lot).
    ...(good.some((run) => run.layoutShifts?.length)
      ? { layoutShiftRuns: good.map((run) => run.layoutShifts ?? []) }
      : {}),
    failing: [...new Set(good.flatMap((run) => run.failing))],
    // The machine's speed during these runs (Lighthouse's CPU benchmark index: higher is faster),
    // so a figure can be compared with one taken on another day or machine.
    ...(good.some((run) => run.benchmarkIndex != null)
      ? {
          benchmarkIndex: Math.round(
            median(good.filter((run) => run.benchmarkIndex != null).map((run) => run.benchmarkIndex)),
          ),
          benchmarkIndexRuns: good.map((run) => run.benchmarkIndex ?? null),
        }
      : {}),
  };
}

/**
 * Lighthouse's CPU slowdown is relative to the machine it runs on: its default 4× turns a "high-end
 * desktop" (benchmark index 1,500–2,000, Lighthouse's docs/throttling.md) into a mid-tier phone.
 * This kind of machine has measured 1,146 and 3,750 on different days, so a constant 4× emulated
 * phones twice as fast as each other. The bench calibrates instead: each run is slowed so that the
 * machine, at its median index so far (calibrationIndex), becomes that reference desktop slowed 4×.
 * 1,750 is the middle of Lighthouse's bracket and the median of the quiet runs that set our
 * budgets' figures (2026-11-26: 1,540–1,843).
 */
export const REFERENCE_BENCHMARK_INDEX = 1750;
const DEFAULT_CPU_SLOWDOWN = 4;

/** The CPU slowdown that makes a machine at `index` as fast as the reference desktop at 4× (one decimal). */
export function calibratedSlowdown(index, reference = REFERENCE_BENCHMARK_INDEX) {
  if (!(typeof index === 'number' && index > 0) || !(reference > 0)) return DEFAULT_CPU_SLOWDOWN;
  return Math.min(20, Math.max(1, Math.round((DEFAULT_CPU_SLOWDOWN * index * 10) / reference) / 10));
}

/**
 * The machine's speed that a run's slowdown is calibrated to: the median of every index Lighthouse
 * has read so far in this bench (null before the first). Lighthouse reads the index once, at the
 * start of a run, and one reading is noisy: 1,068–2,134 on one quiet machine within ten minutes.
 * Calibrating each run to the previous run's single reading slowed runs 2.4–4.9× where 3.1× was
 * meant, and TBT followed the slowdown, not the page: the over-slowed runs read the high TBTs
 * (decision 155). The median of the readings is the machine's speed, not one reading's noise.
 */
export function calibrationIndex(readings) {
  const numbers = readings.filter((index) => typeof index === 'number' && index > 0);
  return numbers.length ? Math.round(medianOf(numbers)) : null;
}

/**
 * The blank page's TBT at or under which the machine can judge a page against a 50 ms budget. A
 * page holding a heading and a paragraph does nothing of its own: whatever it blocks is the
 * browser's cost on this machine, paid by every page before ours adds anything.
 */
export const FLOOR_TBT_MS = 10;

/** Whether the machine's floor (the blank page's median row) leaves a TBT budget judgeable here. */
export function floorIsClear(floorRow) {
  return Boolean(floorRow) && !floorRow.error && typeof floorRow.tbtMs === 'number' && floorRow.tbtMs <= FLOOR_TBT_MS;
}

/** A run this much slower than the machine's median speed is taken again (see slowRuns). */
export const SLOW_MACHINE_FACTOR = 0.8;

function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The machine's median CPU benchmark index over every Lighthouse run of a bench (null without one).
 * Lighthouse measures it at the start of each run; on this kind of machine it moved from 1,146 to
 * 1,785 between two runs, and TBT moves with it.
 */
export function machineSpeed(runsByPage) {
  const indices = Object.values(runsByPage)
    .flat()
    .map((run) => run.benchmarkIndex)
    .filter((index) => typeof index === 'number');
  return indices.length ? Math.round(medianOf(indices)) : null;
}

/**
 * The runs taken while the machine was much slower than its own median (another process busy):
 * their TBT and scores say more about the machine than about the page, so the bench takes them
 * again. Each entry names the page and the run's position in that page's list.
 */
export function slowRuns(runsByPage, factor = SLOW_MACHINE_FACTOR) {
  const speed = machineSpeed(runsByPage);
  if (speed === null) return [];
  return Object.entries(runsByPage).flatMap(([page, runs]) =>
    runs.flatMap((run, index) =>
      typeof run.benchmarkIndex === 'number' && run.benchmarkIndex < factor * speed
        ? [{ page, index, benchmarkIndex: run.benchmarkIndex }]
        : [],
    ),
  );
}

/**
 * One load test from several runs: the run with the median requests per second (its latencies
 * with it, so p50 and p99 stay those of one real run), and every run's throughput and p99.
 */
export function medianLoadRun(runs) {
  const sorted = [...runs].sort((a, b) => a.reqPerSec - b.reqPerSec);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  return {
    ...middle,
    runs: runs.map(({ reqPerSec, p99ms }) => ({ reqPerSec, p99ms })),
    rssPeakMB: Math.max(...runs.map((run) => run.rssPeakMB)),
  };
}

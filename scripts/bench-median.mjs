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
    lcpRunsMs: good.map((run) => run.lcpMs),
    failing: [...new Set(good.flatMap((run) => run.failing))],
  };
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

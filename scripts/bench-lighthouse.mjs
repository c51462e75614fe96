// `npm run bench`'s Lighthouse figures: several runs of a page make one row.

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

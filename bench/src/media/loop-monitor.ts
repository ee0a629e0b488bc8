/**
 * Loaded into the product's server process with `--import` (after tsx), so the bench measures its
 * event-loop delay without any change to the product. On SIGUSR2 it appends the delay since the
 * last signal to BENCH_LOOP_FILE as one JSON line ({ p50, p99, max } in ms) and starts over: the
 * bench signals at the start and at the end of each stretch it measures. A frozen loop answers the
 * signal late, which is what the bench wants to see.
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);
  process.on('SIGUSR2', () => {
    const figures = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), at: Date.now() };
    histogram.reset();
    appendFileSync(file, `${JSON.stringify(figures)}\n`);
  });
}

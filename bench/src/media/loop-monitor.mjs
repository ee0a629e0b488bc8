/**
 * Loaded into the product's server process with `--import` (plain JavaScript: the server runs from
 * its build, without tsx), so the bench measures its event-loop delay without any change to the
 * product. On SIGUSR2 it appends the delay since the
 * last signal to BENCH_LOOP_FILE as one JSON line ({ p50, p99, max } in ms) and starts over: the
 * bench signals at the start and at the end of each stretch it measures. A frozen loop answers the
 * signal late, which is what the bench wants to see.
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
// Node's histogram records the whole time between two ticks of its own timer, the RESOLUTION_MS it
// sleeps included (an idle loop reads ~10.2 ms at every percentile), so the delay is what lies beyond
// it, as @fastify/under-pressure reports it.
const RESOLUTION_MS = 10;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const ms = (ns) => (Number.isFinite(ns) ? Math.max(0, ns / 1e6 - RESOLUTION_MS) : 0);
  process.on('SIGUSR2', () => {
    const figures = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), at: Date.now() };
    histogram.reset();
    appendFileSync(file, `${JSON.stringify(figures)}\n`);
  });
}

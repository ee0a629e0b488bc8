/**
 * Transcoding progress from ffmpeg's own output: the source's duration from its `Duration:` line on
 * stderr (the registry's ffmpeg package ships no ffprobe), the position reached from the
 * `out_time_us=` lines of `-progress pipe:1` on stdout. Both arrive in chunks that may split a line.
 */

/** Microseconds of `Duration: 00:01:02.50` in an ffmpeg header line; null for N/A or no such line. */
export function durationOf(line: string): number | null {
  const match = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(line);
  if (!match) return null;
  const [, h, m, s] = match;
  return Math.round((Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1e6);
}

/** Whole percent done, 0–99: 100 is said only once the outputs are stored. */
export function percentOf(outTimeUs: number, durationUs: number): number {
  if (!(durationUs > 0) || !(outTimeUs > 0)) return 0;
  return Math.min(99, Math.floor((outTimeUs * 100) / durationUs));
}

/** Splits a stream of chunks into whole lines. */
export function lineSplitter(onLine: (line: string) => void): (chunk: Buffer | string) => void {
  let rest = '';
  return (chunk) => {
    const lines = (rest + String(chunk)).split(/\r?\n|\r/);
    rest = lines.pop() ?? '';
    // A line that never ends is not ffmpeg's: keep memory bounded whatever the input.
    if (rest.length > 4096) rest = '';
    for (const line of lines) onLine(line);
  };
}

/**
 * Follows one ffmpeg run: feed it stderr and stdout lines, it calls `onPercent` each time the whole
 * percent grows. The first Duration line is the input's (outputs are described after it).
 */
export class ProgressTracker {
  private durationUs: number | null = null;
  private percent = -1;

  constructor(private readonly onPercent: (percent: number) => void) {}

  stderrLine(line: string): void {
    if (this.durationUs === null) this.durationUs = durationOf(line);
  }

  stdoutLine(line: string): void {
    const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
    if (!match || !this.durationUs) return;
    // Older ffmpeg builds print microseconds under the name out_time_ms, too.
    const percent = percentOf(Number(match[1]), this.durationUs);
    if (percent > this.percent) {
      this.percent = percent;
      this.onPercent(percent);
    }
  }
}

/**
 * Calls `write` with the latest percent at most once per `intervalMs` (and never for a percent already
 * written), so a long transcode does not turn into a stream of database writes. `flush()` writes the
 * last one held back.
 */
export function throttledProgress(write: (percent: number) => Promise<void>, intervalMs: number, now: () => number = Date.now) {
  let written = -1;
  let pending: number | null = null;
  let lastAt = -Infinity;
  let inFlight: Promise<void> = Promise.resolve();
  const send = (percent: number) => {
    written = percent;
    pending = null;
    lastAt = now();
    inFlight = inFlight.then(() => write(percent)).catch(() => undefined);
  };
  return {
    report(percent: number) {
      if (percent <= written) return;
      if (now() - lastAt >= intervalMs) send(percent);
      else pending = percent;
    },
    async flush() {
      if (pending !== null && pending > written) send(pending);
      await inFlight;
    },
  };
}

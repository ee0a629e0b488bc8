import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProgressTracker, durationOf, lineSplitter, percentOf, throttledProgress } from './progress';

describe('transcoding progress from ffmpeg output', () => {
  it("reads the source duration from ffmpeg's header line, and nothing from other lines", () => {
    assert.equal(durationOf('  Duration: 00:01:02.50, start: 0.000000, bitrate: 107 kb/s'), 62_500_000);
    assert.equal(durationOf('  Duration: 01:00:00.00, start: 0.000000'), 3_600_000_000);
    assert.equal(durationOf('  Duration: N/A, start: 0.000000, bitrate: N/A'), null);
    assert.equal(durationOf('Stream #0:0: Video: mpeg4'), null);
  });

  it('says whole percents below 100 (100 only once stored), 0 without a duration', () => {
    assert.equal(percentOf(500_000, 2_000_000), 25);
    assert.equal(percentOf(1_999_999, 2_000_000), 99);
    assert.equal(percentOf(2_500_000, 2_000_000), 99);
    assert.equal(percentOf(1_000_000, 0), 0);
    assert.equal(percentOf(-5, 2_000_000), 0);
  });

  it('follows a run whose output arrives in chunks that split lines, and reports each percent once', () => {
    const seen: number[] = [];
    const tracker = new ProgressTracker((p) => seen.push(p));
    const stderr = lineSplitter((line) => tracker.stderrLine(line));
    const stdout = lineSplitter((line) => tracker.stdoutLine(line));
    stdout('out_time_us=100000\n'); // before the duration is known: nothing to say
    stderr("Input #0, matroska,webm, from 'input':\n  Dura");
    stderr('tion: 00:00:02.00, start: 0.000000\nOutput #0, mp4:\n  Duration: 00:09:00.00\n');
    stdout('frame=5\nout_time_us=500000\nout_time_ms=500000\nprogress=continue\nout_time_us=5');
    stdout('00000\nout_time_us=1000000\r\nout_time_us=1990000\nprogress=end\n');
    assert.deepEqual(seen, [25, 50, 99]);
  });

  it('keeps no unbounded line in memory, whatever the output', () => {
    const lines: string[] = [];
    const split = lineSplitter((line) => lines.push(line));
    split('x'.repeat(10_000));
    split('tail\n');
    assert.deepEqual(lines, ['tail']);
  });

  it('writes a percent at most once per interval, never the same twice, and the last one on flush', async () => {
    const written: number[] = [];
    let clock = 0;
    const progress = throttledProgress(
      async (p) => void written.push(p),
      1000,
      () => clock,
    );
    progress.report(1);
    progress.report(2);
    progress.report(3);
    clock = 999;
    progress.report(4);
    clock = 1000;
    progress.report(5);
    progress.report(5);
    progress.report(4);
    clock = 5000;
    progress.report(5);
    progress.report(6);
    await progress.flush();
    assert.deepEqual(written, [1, 5, 6]);
    progress.report(7);
    await progress.flush();
    assert.deepEqual(written, [1, 5, 6, 7]);
  });
});

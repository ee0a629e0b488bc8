/** The media bench's tables and its verdicts on the issue's targets. */
import type { LoopDelay } from './product';
import type { ProbeFigures } from './probe';
import type { RssPeak } from './rss';
import { type UploadSettings, describeSettings } from './upload';

const MB = 1024 * 1024;

export interface UploadRow {
  mb: number;
  settings: UploadSettings;
  bareSeconds: number;
  seconds: number;
  /** Of `seconds`, from the last part stored to the completed answer. */
  completeSeconds: number;
  probe?: ProbeFigures;
  /**
   * The same cheap call to the same (idle) server while the bare PUT ran: what this machine's cores,
   * busy with a client and a disk write alone, do to a call that has nothing to do with the upload.
   */
  bareProbe?: ProbeFigures;
  /** The same call to the bare route during the upload: what the machine alone did to it meanwhile. */
  floorProbe?: ProbeFigures;
  loop?: LoopDelay;
  rss?: RssPeak;
  load: string;
  error?: string;
}

export interface Idle {
  probe: ProbeFigures;
  /**
   * The same call, timed the same way, to the bare Node route (a GET answered from memory) right
   * after, the server still idle: the machine's own floor for the figure, no product code in the way.
   */
  bareProbe: ProbeFigures;
  loop: LoopDelay | null;
  rss: RssPeak;
}

export interface VideoFigures {
  upload?: number;
  transcode?: number;
  bareTranscode?: number;
  rss?: RssPeak;
  bareRss?: RssPeak;
  /** The cheap call and the event loop while the server transcodes. */
  probe?: ProbeFigures;
  loop?: LoopDelay;
  error?: string;
}

const TARGETS = { throughputRatio: 0.5, loopP99Ms: 20, cheapCallP99Ratio: 2, rssMb: 400, encoderRatio: 1.2 };

const f = (n: number | undefined, digits = 1) => (n === undefined || !Number.isFinite(n) ? '–' : n.toFixed(digits));
const rssText = (r: RssPeak | undefined) =>
  r ? `${f(r.totalMb, 0)} (server and workers ${f(r.nodeMb, 0)}, ffmpeg ${f(r.otherMb, 0)}, node HWM ${f(r.nodeHwmMb, 0)})` : '–';

export function printUploads(rows: UploadRow[], idle: Idle | undefined): void {
  console.info('\nUploads (throughput in MB/s; ratio = storage upload ÷ bare PUT of the same bytes, same run)');
  console.info(
    [
      'size MB',
      'parts',
      'bare MB/s',
      'upload MB/s (assembly s)',
      'ratio',
      'cheap p99 ms (× idle)',
      'cheap p99 ms during the bare PUT (× idle)',
      'bare route p99 ms during the upload (× its idle)',
      'loop p99 / max ms',
      'server RSS MB peak',
      'load average',
    ].join(' | '),
  );
  for (const r of rows) {
    const idleP99 = idle?.probe.p99 ?? NaN;
    console.info(
      [
        r.mb,
        describeSettings(r.settings, r.mb * MB),
        f(r.mb / r.bareSeconds),
        r.error ? `failed: ${r.error}` : `${f(r.mb / r.seconds)} (${f(r.completeSeconds, 2)})`,
        f(r.bareSeconds / r.seconds, 2),
        r.probe ? `${f(r.probe.p99)} (${f(r.probe.p99 / idleP99, 2)}×; ${r.probe.count} calls, ${r.probe.timeouts} timeouts)` : '–',
        r.bareProbe ? `${f(r.bareProbe.p99)} (${f(r.bareProbe.p99 / idleP99, 2)}×)` : '–',
        r.floorProbe ? `${f(r.floorProbe.p99)} (${f(r.floorProbe.p99 / (idle?.bareProbe.p99 ?? NaN), 2)}×)` : '–',
        r.loop ? `${f(r.loop.p99)} / ${f(r.loop.max)}` : 'no answer',
        rssText(r.rss),
        r.load,
      ].join(' | '),
    );
  }
  if (idle)
    console.info(
      `idle baseline: cheap call p99 ${f(idle.probe.p99)} ms (p50 ${f(idle.probe.p50)}); the bare route's GET p99 ${f(idle.bareProbe.p99)} ms (p50 ${f(idle.bareProbe.p50)}), the machine's floor; event-loop delay p99 ${f(idle.loop?.p99)} ms, server RSS ${rssText(idle.rss)} MB`,
    );
}

/** Prints each target with its verdict; returns how many were missed (a target not measured is not counted). */
export function judge(rows: UploadRow[], idle: Idle | undefined, video: VideoFigures, videoMb: number): number {
  let misses = 0;
  const verdict = (name: string, pass: boolean | null, figure: string) => {
    if (pass === false) misses += 1;
    console.info(`${pass === null ? 'NOT MEASURED' : pass ? 'MET   ' : 'MISSED'}  ${name}: ${figure}`);
  };
  const judged = rows.filter((r) => r.settings === rows[0]?.settings);
  console.info('\nTargets');
  const stuck = rows.filter((r) => r.error).map((r) => `${r.mb} MB: ${r.error}`);
  if (video.error) stuck.push(`video: ${video.error}`);
  verdict('every upload and transcoding ends in time', stuck.length === 0, stuck.join('; ') || 'all ended');
  for (const mb of [200, 1024]) {
    const r = judged.find((row) => row.mb === mb);
    const ratio = r && !r.error ? r.bareSeconds / r.seconds : NaN;
    verdict(
      `${mb} MB upload ≥ ${TARGETS.throughputRatio}× the bare PUT`,
      r ? ratio >= TARGETS.throughputRatio : null,
      r ? (r.error ? `failed: ${r.error}` : `${f(ratio, 2)}×`) : 'add it to --sizes',
    );
  }
  const big = judged.find((row) => row.mb === 1024);
  verdict(
    `event-loop delay p99 ≤ ${TARGETS.loopP99Ms} ms during the 1 GB upload`,
    big ? (big.loop?.p99 ?? Infinity) <= TARGETS.loopP99Ms : null,
    big ? (big.loop ? `${f(big.loop.p99)} ms` : 'the server did not answer') : 'add 1024 to --sizes',
  );
  const ratio = big?.probe && idle ? big.probe.p99 / idle.probe.p99 : NaN;
  verdict(
    `cheap call p99 ≤ ${TARGETS.cheapCallP99Ratio}× idle during the 1 GB upload`,
    big ? ratio <= TARGETS.cheapCallP99Ratio : null,
    big
      ? `${f(big.probe?.p99)} ms against ${f(idle?.probe.p99)} ms idle: ${f(ratio, 2)}× (while the bare PUT ran, the server idle: ${f(big.bareProbe?.p99)} ms, ${f((big.bareProbe?.p99 ?? NaN) / (idle?.probe.p99 ?? NaN), 2)}×; the bare route during the upload: ${f(big.floorProbe?.p99)} ms against its idle ${f(idle?.bareProbe.p99)} ms, ${f((big.floorProbe?.p99 ?? NaN) / (idle?.bareProbe.p99 ?? NaN), 2)}×)`
      : 'add 1024 to --sizes',
  );

  if (videoMb > 0) {
    const upload = video.upload ? `uploaded in ${f(video.upload)} s, ` : '';
    console.info(
      `\nVideo of ${videoMb} MB: ${upload}${video.error ? `failed: ${video.error}` : `transcoded in ${f(video.transcode)} s`}; ffmpeg by hand ${f(video.bareTranscode)} s (ratio ${f((video.transcode ?? NaN) / (video.bareTranscode ?? NaN), 2)}×)`,
    );
    if (video.probe)
      console.info(
        `while transcoding: cheap call p99 ${f(video.probe.p99)} ms (${f(video.probe.p99 / (idle?.probe.p99 ?? NaN), 2)}× idle, ${video.probe.timeouts} timeouts), event-loop delay p99 ${f(video.loop?.p99)} / max ${f(video.loop?.max)} ms`,
      );
    console.info(`peak RSS MB, server tree during the video's upload and transcoding: ${rssText(video.rss)}; ffmpeg by hand: ${f(video.bareRss?.totalMb, 0)}`);
  }
  // The target is the server's memory, its workers included: what the product's own processes hold.
  // ffmpeg's encoder is judged apart, against ffmpeg run by hand on the same file: x264 at 1080p holds
  // its frames and lookahead (~250-300 MB whatever the file's length), and the product adds nothing to it.
  const rssTargetMeasured = big && videoMb >= 1024;
  const nodePeak = Math.max(big?.rss?.nodeMb ?? 0, video.rss?.nodeMb ?? 0);
  verdict(
    `server RSS ≤ ${TARGETS.rssMb} MB during a 1 GB upload plus its transcoding (the server and its workers; ffmpeg below)`,
    rssTargetMeasured ? nodePeak <= TARGETS.rssMb && !video.error && !big.error : null,
    rssTargetMeasured
      ? `${f(nodePeak, 0)} MB (idle ${f(idle?.rss.nodeMb, 0)} MB)${video.error ? ` (the video part failed: ${video.error})` : ''}`
      : 'needs --sizes …1024 and --video-mb 1024',
  );
  if (rssTargetMeasured && video.bareRss) {
    const encoder = video.rss?.otherMb ?? NaN;
    const bare = video.bareRss.totalMb;
    verdict(
      `ffmpeg's RSS while the product transcodes ≤ ${TARGETS.encoderRatio}× ffmpeg by hand on the same file`,
      encoder <= bare * TARGETS.encoderRatio,
      `${f(encoder, 0)} MB against ${f(bare, 0)} MB by hand; the whole tree at its peak ${f(Math.max(big?.rss?.totalMb ?? 0, video.rss?.totalMb ?? 0), 0)} MB`,
    );
  }
  return misses;
}

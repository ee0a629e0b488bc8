/**
 * `npm run bench -- search`: search and lists at a million rows, measured as users load a server.
 *
 * The real server runs in its own process (`concurrency.ts --serve`, as `npm start` runs it, logging
 * at `info`) on the PostgreSQL database DATABASE_URL names, seeded with MATERIALS (1,000,000)
 * materials and CONTENT (150,000) drafts plus as many manuscripts (search-seed.ts; a re-run reuses the
 * seed). Worker threads send signed calls open-loop at RATE (200) requests per second (open-loop.ts:
 * latency from the due time), the issue's mix: page 1 of my materials and of the public library
 * (60 %), keyword searches with rare, middling and the commonest keywords (20 %), deep pages (10 %),
 * draft and manuscript searches (10 %); then the bare signed read (GET /api/user/mpBaseUserinfo:
 * signature, nonce, session and nothing else) at the same rate. ROUNDS (3) alternate SECONDS (20) of
 * the mix with SECONDS / 2 of the bare read, so both see the same machine.
 *
 * Prints p50 / p99 / max per case and per class, and each class's p99 against the bare read's; exits
 * 1 when a class misses p99 ≤ TARGET_MS (30) or p99 ≤ RATIO (3) × the bare read's. Not a test: it is
 * not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Call, driveOpenLoop, send } from './open-loop';
import { ensureSearchSeed } from './search-seed';
import { type Case, CLASSES, buildCases, weightedCycle } from './search-mix';

const DATABASE_URL = process.env.DATABASE_URL ?? '';
const MATERIALS = Number(process.env.MATERIALS ?? 1_000_000);
const CONTENT = Number(process.env.CONTENT ?? 150_000);
const RATE = Number(process.env.RATE ?? 200);
const SECONDS = Number(process.env.SECONDS ?? 20);
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 3));
const WORKERS = Math.max(1, Number(process.env.WORKERS ?? 2));
const TARGET_MS = Number(process.env.TARGET_MS ?? 30);
const RATIO = Number(process.env.RATIO ?? 3);
/** Requests per case sent one at a time after the rounds, for each case's own server CPU (0 skips). */
const CASE_CPU = Number(process.env.CASE_CPU ?? 40);
const here = path.dirname(fileURLToPath(import.meta.url));
const log = (line: string) => console.info(line);
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

if (!DATABASE_URL) {
  console.error('bench search: set DATABASE_URL to a PostgreSQL database (created and seeded when missing)');
  process.exit(2);
}

interface Figures {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

function figures(times: number[]): Figures {
  const sorted = Float64Array.from(times).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(50), p99: at(99), max: sorted.at(-1) ?? 0 };
}

const cells = (f: Figures) => [String(f.count).padStart(6), ...[f.p50, f.p99, f.max].map((v) => v.toFixed(1).padStart(7))].join(' ');

async function main(): Promise<number> {
  log(
    `search bench: ${MATERIALS.toLocaleString('en')} materials, ${CONTENT.toLocaleString('en')} drafts + ${CONTENT.toLocaleString('en')} manuscripts on PostgreSQL; load average ${load()}`,
  );
  const seed = await ensureSearchSeed(DATABASE_URL, MATERIALS, CONTENT, log);
  log(seed.reused ? `  reused the earlier seed (checked in ${seed.seconds.toFixed(1)} s)` : `  seeded in ${seed.seconds.toFixed(1)} s`);

  const server = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'concurrency.ts'), '--serve', DATABASE_URL], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || 'info' },
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server.stderr?.setEncoding('utf8');
      server.stderr?.on('data', (chunk: string) => {
        const ready = /READY (\d+)/.exec(chunk);
        if (ready) resolve(Number(ready[1]));
        else process.stderr.write(chunk);
      });
      server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    });
    const { token, cases } = await buildCases(port);
    // The server's own CPU per request over a stretch (concurrency.ts --serve answers 'reset' and
    // 'report'): what a request costs it, whatever the machine's load does to the latency.
    const serverCpu = async <T>(stretch: () => Promise<T>): Promise<{ result: T; cpuMs: number; systemMs: number }> => {
      await new Promise<void>((resolve) => {
        server.once('message', () => resolve());
        server.send('reset');
      });
      const result = await stretch();
      const view = await new Promise<{ cpuMsPerRequest: number; systemMsPerRequest: number }>((resolve) => {
        server.once('message', (message) => resolve(message as { cpuMsPerRequest: number; systemMsPerRequest: number }));
        server.send('report');
      });
      return { result, cpuMs: view.cpuMsPerRequest, systemMs: view.systemMsPerRequest };
    };
    const cpu = { mix: [] as string[], bare: [] as string[] };
    // CPU per request, with the kernel's share of it (system calls) in brackets.
    const cpuCell = (view: { cpuMs: number; systemMs: number }) => `${view.cpuMs.toFixed(2)} (${view.systemMs.toFixed(2)})`;
    const mix = weightedCycle(cases);
    const bare: Call[] = [{ method: 'GET', path: '/api/user/mpBaseUserinfo', params: {} }];
    const timeoutMs = 5000;
    await driveOpenLoop({ port, token, calls: mix.map((c) => c.call), ratePerSecond: RATE, seconds: 3, timeoutMs }, WORKERS); // warm-up
    const byCase = new Map<Case, number[]>(cases.map((c) => [c, []]));
    const bareTimes: number[] = [];
    let errors = 0;
    let firstError = '';
    let generatorDelay = 0;
    log(
      `  ${ROUNDS} rounds of ${SECONDS} s of the mix and ${SECONDS / 2} s of the bare read, each at ${RATE} req/s from ${WORKERS} threads; load average ${load()}`,
    );
    for (let round = 0; round < ROUNDS; round += 1) {
      const { result: run, ...mixCpu } = await serverCpu(() =>
        driveOpenLoop({ port, token, calls: mix.map((c) => c.call), ratePerSecond: RATE, seconds: SECONDS, timeoutMs }, WORKERS),
      );
      run.times.forEach((times, index) => byCase.get(mix[index]!)!.push(...times));
      const { result: base, ...bareCpu } = await serverCpu(() =>
        driveOpenLoop({ port, token, calls: bare, ratePerSecond: RATE, seconds: SECONDS / 2, timeoutMs }, WORKERS),
      );
      cpu.mix.push(cpuCell(mixCpu));
      cpu.bare.push(cpuCell(bareCpu));
      bareTimes.push(...base.times[0]!);
      errors += run.errors + base.errors;
      firstError ||= run.firstError || base.firstError;
      generatorDelay = Math.max(generatorDelay, run.generatorDelayP99, base.generatorDelayP99);
      log(`  round ${round + 1}: load average ${load()}`);
    }

    const bareFigures = figures(bareTimes);
    log(
      `\n  ${'case'.padEnd(44)} ${'total'.padStart(8)} ${'count'.padStart(6)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}  (ms, from the due time)`,
    );
    log(`  ${'bare signed read (mpBaseUserinfo)'.padEnd(44)} ${''.padStart(8)} ${cells(bareFigures)}`);
    for (const c of cases) log(`  ${`${c.className}: ${c.name}`.padEnd(44)} ${c.total.padStart(8)} ${cells(figures(byCase.get(c)!))}`);
    log(
      `\n  ${'class'.padEnd(28)} ${'count'.padStart(6)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)} ${'p99÷bare'.padStart(9)}  verdict (p99 ≤ ${TARGET_MS} ms and ≤ ${RATIO}× the bare read's ${bareFigures.p99.toFixed(1)} ms)`,
    );
    const misses: string[] = [];
    for (const className of CLASSES) {
      const f = figures(cases.filter((c) => c.className === className).flatMap((c) => byCase.get(c)!));
      const ratio = f.p99 / Math.max(bareFigures.p99, 0.001);
      const met = f.p99 <= TARGET_MS && ratio <= RATIO;
      if (!met) misses.push(className);
      log(`  ${className.padEnd(28)} ${cells(f)} ${`${ratio.toFixed(2)}×`.padStart(9)}  ${met ? 'met' : 'MISSED'}`);
    }
    log(
      `\n  server CPU per request (Node only; PostgreSQL's is apart; in brackets the kernel's part), by round: mix ${cpu.mix.join(', ')} ms, bare signed read ${cpu.bare.join(', ')} ms`,
    );
    if (CASE_CPU > 0) {
      // One request at a time, so no request shares the server's CPU with another: each case's own cost.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const serial = async (call: Call) => {
        for (let i = 0; i < CASE_CPU; i += 1) await send(agent, { port, token, timeoutMs }, call);
      };
      const perCase = (call: Call) => serverCpu(() => serial(call));
      // A first pass unmeasured: the cases sent last would otherwise run on code the JIT had warmed longer.
      for (const c of cases) await serial(c.call);
      log(
        `\n  server CPU per request, ${CASE_CPU} requests per case sent one at a time (ms; the kernel's part in brackets): bare signed read ${cpuCell(await perCase(bare[0]!))}`,
      );
      const byClass = new Map<string, number[]>();
      for (const c of cases) {
        const caseCpu = await perCase(c.call);
        byClass.set(c.className, [...(byClass.get(c.className) ?? []), caseCpu.cpuMs]);
        log(`  ${`${c.className}: ${c.name}`.padEnd(44)} ${cpuCell(caseCpu).padStart(14)}`);
      }
      log(`  by class: ${[...byClass].map(([name, values]) => `${name} ${(values.reduce((a, b) => a + b, 0) / values.length).toFixed(2)}`).join('; ')}`);
      agent.destroy();
    }
    log(
      `  errors ${errors}${firstError ? ` (first: ${firstError})` : ''}; load generator's event-loop delay p99 ${generatorDelay.toFixed(1)} ms; load average ${load()}`,
    );
    if (errors) misses.push('errors');
    log(misses.length ? `\nsearch bench: MISSED (${misses.join(', ')})` : '\nsearch bench: every class met its target');
    return misses.length ? 1 : 0;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

process.exit(await main());

#!/usr/bin/env node
// Runs a command with the process clock moved to a chosen wall-clock time, to check that tests do
// not depend on the hour they run at:
//   node scripts/test-at-hour.mjs 00:30 -- node scripts/pnpm.mjs --filter api-server test
//   node scripts/test-at-hour.mjs 23:59:30 --tz UTC -- node scripts/pnpm.mjs --filter mf-drafts test
// The time is read in --tz (default Asia/Shanghai, the product's day) and is the next such moment
// that falls on --date (YYYY-MM-DD, default: today in that zone). The clock is moved with Debian's
// libfaketime (`apt-get install faketime`) as a fixed offset, so every child process (test runners
// fork) agrees on the time and it keeps running; monotonic clocks (timers, timeouts) are not moved.
// Embedded PGlite runs in the Node process, so its now() moves too; a PostgreSQL server's does not:
// use this on the embedded engine.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const LIBRARIES = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
];

function usage(message) {
  console.error(`${message}\nusage: node scripts/test-at-hour.mjs HH:MM[:SS] [--tz ZONE] [--date YYYY-MM-DD] -- command [args...]`);
  process.exit(2);
}

const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
if (dash < 1 || dash === argv.length - 1) usage('missing time or command');
const options = argv.slice(0, dash);
const command = argv.slice(dash + 1);
const time = options[0];
const option = (name) => {
  const at = options.indexOf(name);
  return at > 0 ? options[at + 1] : undefined;
};
const zone = option('--tz') ?? 'Asia/Shanghai';
const clock = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time ?? '');
if (!clock) usage(`not a time: ${time}`);

/** The offset of `zone` from UTC at `utcMs`, in ms (positive east of Greenwich). */
function zoneOffsetMs(utcMs) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(utcMs))
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
const date = option('--date') ?? today;
const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
if (!day) usage(`not a date: ${date}`);
const wall = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0));
// Two passes settle a zone whose offset changes between the guess and the answer (daylight saving).
let target = wall - zoneOffsetMs(wall);
target = wall - zoneOffsetMs(target);
const offsetSeconds = Math.round((target - Date.now()) / 1000);

const library = LIBRARIES.find((file) => existsSync(file));
if (!library) usage('libfaketime not found: install the Debian package `faketime`');

const env = {
  ...process.env,
  LD_PRELOAD: [library, process.env.LD_PRELOAD].filter(Boolean).join(' '),
  FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
  FAKETIME_DONT_FAKE_MONOTONIC: '1',
};
console.info(`clock moved to ${date} ${time} ${zone} (${new Date(target).toISOString()}, offset ${env.FAKETIME} s): ${command.join(' ')}`);
const child = spawn(command[0], command.slice(1), { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/**
 * The uploading client in a process of its own, as a creator's computer is a machine of its own.
 * On the bench's one machine the client and the server share the cores; the client runs at a lower
 * priority (`--client-nice`, default 10: nice(1) from coreutils) so that what the server does to a
 * concurrent call is measured, not what the bench's own client takes from the cores. The bare PUT
 * baseline goes through the same process at the same priority, so the throughput ratio compares
 * like with like. The probe (media/probe.ts) stays at the bench's priority: it stands for other
 * people's calls.
 *
 * The child loads everything first and says `ready`; each job is then one JSON line on its stdin and
 * one JSON line of answer on its stdout, so its start-up is outside every timed window.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { barePut } from './bare-put';
import type { UploadSettings, uploadLikeTheBrowser } from './upload';

export type ClientJob =
  | { kind: 'bare'; url: string; file: string; timeoutMs: number }
  | { kind: 'browser'; baseUrl: string; token: string; file: string; settings: UploadSettings; timeoutMs: number };

type Answer = { ok: true; result: unknown } | { ok: false; error: string };

/** The same calls as media/bare-put.ts and media/upload.ts make, run in the client's process. */
export interface UploadClient {
  barePut: typeof barePut;
  uploadLikeTheBrowser: typeof uploadLikeTheBrowser;
  stop(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('./client-main.ts', import.meta.url));

/** Starts the client process and waits until it has loaded its code. */
export async function startUploadClient(nice: number): Promise<UploadClient> {
  const node = [process.execPath, '--import', 'tsx', ENTRY];
  const [command, ...args] = nice > 0 ? ['nice', '-n', String(nice), ...node] : node;
  const child = spawn(command as string, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  // Anything else a library prints goes to the bench's stderr.
  lines.on('line', (line) => (line === 'ready' || line.startsWith('{"ok"') ? waiting.shift()?.(line) : console.error(`upload client: ${line}`)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      waiting.push(resolve);
      void exited.then((code) => reject(new Error(`the upload client exited (${code})`)));
    });
  const ready = await nextLine();
  if (ready !== 'ready') throw new Error(`the upload client said ${ready}`);
  // One job at a time: the bench runs its uploads one after another.
  const run = async <T>(job: ClientJob): Promise<T> => {
    const answer = nextLine();
    child.stdin.write(`${JSON.stringify(job)}\n`);
    const parsed = JSON.parse(await answer) as Answer;
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.result as T;
  };
  return {
    barePut: (url, file, timeoutMs) => run({ kind: 'bare', url, file, timeoutMs }),
    uploadLikeTheBrowser: (baseUrl, token, file, settings, timeoutMs) => run({ kind: 'browser', baseUrl, token, file, settings, timeoutMs }),
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

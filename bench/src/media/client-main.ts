/** The upload client's process (media/client-process.ts): one JSON job a line on stdin, one answer a line on stdout. */
import { createInterface } from 'node:readline';
import { barePut } from './bare-put';
import type { ClientJob } from './client-process';
import { uploadLikeTheBrowser } from './upload';

const answer = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

async function run(job: ClientJob): Promise<unknown> {
  if (job.kind === 'bare') return barePut(job.url, job.file, job.timeoutMs);
  return uploadLikeTheBrowser(job.baseUrl, job.token, job.file, job.settings, job.timeoutMs);
}

const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
for await (const line of lines) {
  try {
    answer({ ok: true, result: await run(JSON.parse(line) as ClientJob) });
  } catch (error) {
    answer({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
}

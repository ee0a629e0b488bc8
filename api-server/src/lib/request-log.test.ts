import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

describe('the log stream (stdoutLog)', () => {
  it('writes lines to stdout, and a reader that goes away ends the logging, not the process', async () => {
    const module = fileURLToPath(new URL('./request-log.ts', import.meta.url));
    const script = `const { stdoutLog } = await import(${JSON.stringify(module)});
      for (let i = 0; i < 40; i++) { stdoutLog.write('line ' + i + ' ' + 'x'.repeat(200) + '\\n'); await new Promise((r) => setTimeout(r, 10)); }
      process.stderr.write('still running');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    // The reader takes the first line, then closes its end of the pipe.
    const first = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.match(first, /^line 0 x+\n/);
    assert.equal(code, 0, errors);
    assert.match(errors, /still running$/);
  });
});

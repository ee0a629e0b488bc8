/**
 * A PageRenderer that runs pdf.js and the canvas in a child process. pdf.js keeps font and glyph
 * caches and the canvas allocates natively; in the server both stayed resident after an import (the
 * demo issues alone grew a first start by ~450 MB). A child returns all of it to the system when it
 * exits, so a long-running process renders through this and closes it when the batch is done.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { entryExecArgv, entryUrl } from '../../own-files';
import type { PageImage, PageRenderer, PdfjsRendererOptions } from './page-renderer';
import type { RenderReply, RenderRequest } from './render-process-child';

export interface ProcessRenderer extends PageRenderer {
  /** Ends the child (if one runs); a later render starts a new one. */
  close(): Promise<void>;
  /** The running child's pid, if any. */
  readonly pid: number | undefined;
}

const CHILD = entryUrl('features/newspaper/render-process-child');

export function createProcessRenderer(options: PdfjsRendererOptions = {}): ProcessRenderer {
  let child: ChildProcess | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (image: PageImage) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };

  const start = (): ChildProcess => {
    // The child runs as the server does (its bundle, or its source through tsx). Advanced
    // serialization carries the bytes as they are.
    const started = fork(CHILD, [], {
      execArgv: entryExecArgv(),
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.on('message', (reply: RenderReply) => {
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      if ('error' in reply) waiter.reject(new Error(reply.error));
      else waiter.resolve({ ...reply.image, body: Buffer.from(reply.image.body) });
    });
    started.on('exit', (code, signal) => {
      if (child === started) child = undefined;
      failAll(new Error(`the page renderer process ended (${signal ?? `exit ${code}`})`));
    });
    started.on('error', (error) => failAll(error));
    return started;
  };

  return {
    get pid() {
      return child?.pid;
    },
    render(pdf) {
      child ??= start();
      const id = (nextId += 1);
      const request: RenderRequest = { id, pdf, options };
      const worker = child;
      return new Promise<PageImage>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.send(request, (error) => {
          if (error && pending.delete(id)) reject(error);
        });
      });
    },
    async close() {
      const running = child;
      if (!running) return;
      child = undefined;
      if (running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      // The child exits when its channel closes (it has nothing else keeping it alive).
      running.disconnect();
      await exited;
    },
  };
}

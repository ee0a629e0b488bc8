import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import errorHandler from '../app/error-handler';
import rateLimit from './rate-limit';

describe('requests whose client has gone', () => {
  let app: FastifyInstance;
  let port: number;
  const handled: string[] = [];
  const gates = new Map<string, () => void>();

  before(async () => {
    app = Fastify();
    await app.register(errorHandler);
    await app.register(rateLimit, { perMinute: 1000 });
    app.get<{ Querystring: { id: string } }>(
      '/work',
      {
        preValidation: async (request) => {
          // Held until the test lets it go, like a request waiting for the database in the signature
          // or session check (the client may give up meanwhile). Fastify itself stops an aborted
          // request only before this stage.
          await new Promise<void>((resolve) => gates.set(request.query.id, resolve));
        },
      },
      async (request) => {
        handled.push(request.query.id);
        return { code: 0, msg: 'success', data: null };
      },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  after(() => app.close());

  const waitForGate = async (id: string) => {
    while (!gates.has(id)) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it('are not executed: a client that timed out does not cost the server its work', async () => {
    const request = http.get({ host: '127.0.0.1', port, path: '/work?id=gone', agent: false });
    request.on('error', () => {});
    await waitForGate('gone');
    request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    gates.get('gone')!();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(handled, []);
  });

  it('while a client that waits gets its answer', async () => {
    const answer = new Promise<string>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/work?id=waits', agent: false }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      }).on('error', reject);
    });
    await waitForGate('waits');
    gates.get('waits')!();
    assert.deepEqual(JSON.parse(await answer), { code: 0, msg: 'success', data: null });
    assert.deepEqual(handled, ['waits']);
  });
});

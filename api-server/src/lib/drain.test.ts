/**
 * Draining on SIGTERM, on a bare server over real sockets: the request in flight is answered, a new
 * connection is refused, a request on an open keep-alive connection is answered with
 * `Connection: close`, and a request that outlives the grace period is cut.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { drain, isDraining, trackInFlight } from './drain';

async function server(): Promise<{ app: FastifyInstance; port: number; inFlight: ReturnType<typeof trackInFlight> }> {
  const app = Fastify({ logger: false });
  const inFlight = trackInFlight(app);
  app.get('/slow', async (request) => {
    await new Promise((resolve) => setTimeout(resolve, Number((request.query as { ms?: string }).ms ?? 600)));
    return { done: true };
  });
  app.get('/fast', async () => ({ fast: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port, inFlight };
}

function get(agent: http.Agent, port: number, path: string): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }));
      })
      .on('error', reject);
  });
}

describe('drain', () => {
  it('finishes the request in flight, refuses new connections, closes kept-alive ones after one more answer', async () => {
    const { app, port, inFlight } = await server();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    // Two kept-alive connections: one busy with the slow request, one idle.
    await Promise.all([get(agent, port, '/fast'), get(agent, port, '/fast')]);
    const slow = get(agent, port, '/slow?ms=600');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const drained = drain(app, inFlight, 5_000);
    assert.equal(isDraining(app), true);
    const onIdle = await get(agent, port, '/fast');
    assert.deepEqual([onIdle.status, onIdle.connection], [200, 'close']);
    await assert.rejects(get(new http.Agent(), port, '/fast'), /ECONNREFUSED/);
    assert.deepEqual(JSON.parse((await slow).body), { done: true });
    assert.deepEqual(await drained, { timedOut: false });
    agent.destroy();
  });

  it('cuts what is still running when the grace period is over', async () => {
    const { app, port, inFlight } = await server();
    const agent = new http.Agent();
    const stuck = get(agent, port, '/slow?ms=5000');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    assert.deepEqual(await drain(app, inFlight, 300), { timedOut: true });
    assert.ok(Date.now() - started < 2_000);
    await assert.rejects(stuck, /socket hang up|ECONNRESET/);
  });
});

/**
 * Graceful shutdown behind a load balancer. On SIGTERM a replica stops accepting connections (so
 * nginx's next new connection is refused and the request goes to another replica, POST included:
 * nothing was sent), answers /readyz with 503, finishes the requests in flight and answers the ones
 * that still arrive on open keep-alive connections with `Connection: close`, so each of those
 * connections ends after one more answer instead of being cut while nginx may be sending on it.
 * It exits once nothing is in flight and no connection is open, or after the grace period.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

const draining = new WeakSet<object>();

export const isDraining = (app: FastifyInstance): boolean => draining.has(app.server);

/** Counts requests in flight (until their response is sent or their client is gone) and sockets. */
export function trackInFlight(app: FastifyInstance): { requests: () => number; sockets: () => number } {
  let requests = 0;
  const sockets = new Set<net.Socket>();
  app.server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('onRequest', async (request, reply) => {
    requests++;
    reply.raw.once('close', () => requests--);
    if (draining.has(app.server)) reply.header('connection', 'close');
  });
  return { requests: () => requests, sockets: () => sockets.size };
}

/**
 * Drains, then closes the app (its onClose hooks: workers, database). Resolves when it is closed.
 * `idleWaitMs`: how long idle keep-alive connections are left for a proxy's last request on them
 * (behind nginx); without a proxy in front (the embedded default) there is nothing to wait for.
 */
export async function drain(
  app: FastifyInstance,
  inFlight: ReturnType<typeof trackInFlight>,
  graceMs: number,
  idleWaitMs = 2_000,
): Promise<{ timedOut: boolean }> {
  draining.add(app.server);
  // net.Server's close only stops listening; http.Server's would also cut idle keep-alive connections,
  // on which nginx may be sending a request at that very moment.
  net.Server.prototype.close.call(app.server);
  const deadline = Date.now() + graceMs;
  // An idle keep-alive connection that gets no further request is closed after a short wait.
  const idleCutAt = Date.now() + Math.min(idleWaitMs, graceMs);
  while (Date.now() < deadline) {
    if (inFlight.requests() === 0 && (inFlight.sockets() === 0 || Date.now() >= idleCutAt)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const timedOut = inFlight.requests() > 0;
  app.server.closeAllConnections();
  await app.close();
  return { timedOut };
}

/**
 * The newspaper host authenticates by header (docs/product.md §7: `Authorization: <token>`, which the SDK sends
 * without a scheme), not by the main host's signed parameters. The token is checked against the same
 * sessions as every other call; a missing or dead one answers -1 so the client sends the user to login.
 */
import type { FastifyRequest } from 'fastify';
import { tokenExpired } from '../../lib/api-error';
import { findActiveSession } from '../../plugins/app/sessions';

export function tokenFromAuthorization(header: string | undefined): string {
  // Tolerate a "Bearer " scheme from other clients.
  return (header ?? '').trim().replace(/^Bearer\s+/i, '');
}

/** A preValidation hook: sets request.auth or refuses with code -1. */
export async function authenticateByHeader(request: FastifyRequest): Promise<void> {
  const token = tokenFromAuthorization(request.headers.authorization);
  const session = token ? await findActiveSession(request.server.db, token) : null;
  if (!session) throw tokenExpired();
  request.auth = session;
}

/** Operators for tests: accounts made on the database, signed in through the real API (password, then a TOTP code). */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiEnvelope } from 'shared-sdk/contract';
import type { Database } from '../db/schema';
import { insertOperator } from '../features/operators/accounts';
import { totpCode, totpStep } from '../features/operators/totp';

export interface TestOperator {
  id: number;
  name: string;
  password: string;
  secret: string;
}

let serial = 0;

/** An enrolled operator of this role (TOTP secret made, as `operator add` on the command line does). */
export async function addTestOperator(db: Kysely<Database>, role: string, name = `${role}-${process.pid}-${(serial += 1)}`): Promise<TestOperator> {
  const { row, password, totpSecret } = await insertOperator(db, { name, role, withTotp: true });
  return { id: row.id, name, password, secret: totpSecret! };
}

export async function operatorCall<T = unknown>(
  app: FastifyInstance,
  o: { method?: 'GET' | 'POST'; url: string; token?: string; cookie?: string; payload?: Record<string, unknown>; query?: Record<string, string> },
): Promise<{ status: number; body: ApiEnvelope<T>; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.cookie) headers.cookie = o.cookie;
  const response = await app.inject({
    method: o.method ?? (o.payload ? 'POST' : 'GET'),
    url: o.url,
    headers,
    query: o.query,
    ...(o.payload ? { payload: o.payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as ApiEnvelope<T>, headers: response.headers };
}

/**
 * Signs in with the password and a TOTP code; answers the session token. A code is accepted once
 * per step, so a second sign-in of the same operator within one step first moves their last step back.
 */
export async function signInOperator(app: FastifyInstance, db: Kysely<Database>, operator: TestOperator, ip = '127.0.0.1'): Promise<string> {
  await db
    .updateTable('operators')
    .set({ totp_last_step: totpStep(Date.now()) - 5 })
    .where('id', '=', operator.id)
    .execute();
  const first = await app.inject({
    method: 'POST',
    url: '/api/operator/session/password',
    remoteAddress: ip,
    payload: { name: operator.name, password: operator.password },
  });
  const step = first.json() as ApiEnvelope<{ challenge: string }>;
  if (step.code !== 0) throw new Error(`sign-in of ${operator.name} refused: ${step.msg}`);
  const second = await app.inject({
    method: 'POST',
    url: '/api/operator/session/totp',
    remoteAddress: ip,
    payload: { challenge: step.data.challenge, code: totpCode(operator.secret) },
  });
  const session = second.json() as ApiEnvelope<{ token: string }>;
  if (session.code !== 0) throw new Error(`TOTP of ${operator.name} refused: ${session.msg}`);
  return session.data.token;
}

/**
 * Operators in end-to-end tests: TOTP codes as an authenticator app shows them, and an operator's API
 * session signed in as the console's sign-in does it (name and password, then the code).
 */
import { Secret, TOTP } from 'otpauth';
import type { ApiEnvelope } from 'shared-sdk/contract';
import { bootstrapOperator } from './server';

const PERIOD_MS = 30_000;

/**
 * Codes as an authenticator app shows them (RFC 6238 through otpauth, the library the server uses).
 * The server takes each code once: a second sign-in of the same operator within the same 30-second
 * step waits for the next code, as a person would.
 */
const usedSteps = new Map<string, number>();
export async function nextCode(secret: string): Promise<string> {
  for (;;) {
    const step = Math.floor(Date.now() / PERIOD_MS);
    if (step > (usedSteps.get(secret) ?? -1)) {
      usedSteps.set(secret, step);
      return new TOTP({ algorithm: 'SHA1', digits: 6, period: PERIOD_MS / 1000, secret: Secret.fromBase32(secret) }).generate({
        timestamp: step * PERIOD_MS,
      });
    }
    await new Promise((r) => setTimeout(r, (step + 1) * PERIOD_MS - Date.now() + 50));
  }
}

async function postJson<T>(baseUrl: string, route: string, body: object): Promise<ApiEnvelope<T>> {
  const res = await fetch(`${baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as ApiEnvelope<T>;
}

/**
 * A session token of the harness's first operator (an admin) for `Authorization: Bearer`. Another
 * test process may have used this step's code for the same operator: then the next step's code.
 */
export async function operatorToken(baseUrl: string, dataDir: string): Promise<string> {
  const { name, password, secret } = bootstrapOperator(dataDir);
  let refusal = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const step = await postJson<{ challenge: string }>(baseUrl, '/api/operator/session/password', { name, password });
    if (step.code !== 0) throw new Error(`operator sign-in refused: ${step.code} ${step.msg}`);
    const signed = await postJson<{ token: string }>(baseUrl, '/api/operator/session/totp', { challenge: step.data.challenge, code: await nextCode(secret) });
    if (signed.code === 0) return signed.data.token;
    refusal = `${signed.code} ${signed.msg}`;
  }
  throw new Error(`the TOTP step refused three codes: ${refusal}`);
}

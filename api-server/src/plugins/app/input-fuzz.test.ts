/**
 * Bounded fuzz over every registered route: 10,000 requests from a fixed-seed
 * generator, signed with a valid token so the input reaches the handlers, carrying hostile values —
 * NUL bytes, huge strings, odd unicode, numbers past every range, arrays, nested objects, wrong
 * types, empty ones. Any 5xx fails the test and prints the route and the input that caused it.
 * FUZZ_REQUESTS and FUZZ_SEED change the run (a failure prints the seed to replay it).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { ApiCode, computeSign, newNonce } from 'shared-sdk/contract';
import { setUpTestApp, TEST_APP_ID, TEST_APP_SECRET } from '../../testing/test-app';
import { login } from '../../testing/signed';
import { addTestOperator, signInOperator } from '../../testing/operators';
import type { CatalogRoute } from './input-guard';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 13);

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '%00',
  'x'.repeat(70_000),
  '测'.repeat(5_000),
  '𝕳😀中文',
  '\u202e\u0301\u200b',
  '\ud800',
  '\uffff',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '1,2,3',
  ',',
  '1,,2',
  '2147483648,1',
  '-1,0',
  'a'.repeat(300),
  '2026-13-45',
  '2026-01-01,2025-01-01',
  'javascript:alert(1)',
  'http://127.0.0.1:1/x',
];
const NUMBERS = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e309',
  '-1e309',
  '1e22',
  '2147483648',
  '2147483647',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999',
  '0',
  '-1',
  '1',
  '2',
  '1.5',
  '-0',
  '0x10',
  '1e3',
  '01',
  ' 1 ',
];
const EXTRA_FIELDS = ['id', 'ids', 'page', 'size', 'type', 'status', 'title', 'keyword', 'per_page', '__proto__', 'constructor', 'a\u0000'];
const RESERVED = new Set(['timestamp', 'app_id', 'nonce', 'token', 'sign']);

type Value = string | number | boolean | null | Value[] | { [key: string]: Value };

class Generator {
  constructor(private readonly random: () => number) {}

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  scalar(): string {
    return this.chance(0.5) ? this.pick(NUMBERS) : this.pick(STRINGS);
  }

  /** Any value; `json` allows what only a JSON body can carry. */
  value(json: boolean, depth = 0): Value {
    const roll = this.random();
    if (roll < 0.7 || depth > 2) return this.scalar();
    if (roll < 0.82) return Array.from({ length: 1 + Math.floor(this.random() * 3) }, () => (json ? this.value(json, depth + 1) : this.scalar()));
    if (!json) return this.scalar();
    if (roll < 0.9) return { [this.pick(EXTRA_FIELDS)]: this.value(json, depth + 1), nested: this.value(json, depth + 1) };
    return this.pick<Value>([true, false, null, 0, -1, 1.5, 2_147_483_648, 1e22, Number.MAX_VALUE, -Number.MAX_VALUE, [], {}]);
  }
}

function schemaFields(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const { properties } = schema as { properties?: Record<string, unknown> };
  return properties ? Object.keys(properties) : [];
}

/** The string a value is signed as: what the server's parameter reader makes of it. */
function signedForm(value: Value): string {
  return Array.isArray(value) ? value.map(signedForm).join(',') : String(value);
}

function fillPath(url: string, gen: Generator): string {
  return url
    .replace(/:[A-Za-z_]+/g, () => encodeURIComponent(gen.pick([...STRINGS.slice(0, 12), ...NUMBERS]).replace(/[\ud800-\udfff]/g, '\ufffd')))
    .replace('*', () => gen.pick(['', 'index.html', 'a%00b', '..%2f..%2fetc%2fpasswd', 'x/'.repeat(50), encodeURIComponent('测试.js')]));
}

interface Attempt {
  route: string;
  input: string;
  options: InjectOptions;
}

/** The operators' calls take an operator's credential (a bearer token), not a creator's signed token. */
const isOperatorCall = (route: CatalogRoute): boolean => route.url.startsWith('/api/operator/');

function buildAttempt(route: CatalogRoute, gen: Generator, token: string, n: number, operatorToken: string): Attempt {
  const json = route.method !== 'GET' && gen.chance(0.3);
  const names = [...schemaFields(route.querystring), ...schemaFields(route.body)].filter((name) => !RESERVED.has(name));
  const fields: Record<string, Value> = {};
  for (const name of names) if (gen.chance(0.75)) fields[name] = gen.value(json);
  if (gen.chance(0.3)) fields[gen.pick(EXTRA_FIELDS)] = gen.value(json);

  const path = fillPath(route.url, gen);
  const signedFields: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) signedFields[name] = signedForm(value);
  const envelope = { timestamp: String(Date.now()), app_id: TEST_APP_ID, nonce: newNonce(), token };
  const sign = computeSign({ ...signedFields, ...envelope }, TEST_APP_SECRET, { method: route.method, path: path.split('?')[0] ?? '' });
  const remoteAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(name, signedForm(item));
  for (const [name, value] of Object.entries({ ...envelope, sign })) form.append(name, value);
  const input = JSON.stringify(fields, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 60 ? `${value.slice(0, 20)}…(${value.length})` : value,
  );

  const bearer: Record<string, string> = isOperatorCall(route) ? { authorization: `Bearer ${operatorToken}` } : {};
  let options: InjectOptions;
  if (route.method === 'GET' || route.method === 'DELETE' || route.method === 'HEAD') {
    options = { method: route.method, url: `${path}?${form}`, remoteAddress, headers: bearer };
  } else if (json) {
    options = {
      method: route.method as 'POST',
      url: path,
      remoteAddress,
      headers: bearer,
      payload: { ...fields, ...envelope, sign } as Record<string, unknown>,
    };
  } else {
    options = {
      method: route.method as 'POST',
      url: path,
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer },
      payload: form.toString(),
    };
  }
  return { route: `${route.method} ${route.url}`, input: `${json ? 'json' : 'form'} ${path.slice(0, 120)} ${input}`, options };
}

function answerCode(text: string): number | undefined {
  try {
    return (JSON.parse(text) as { code?: number }).code;
  } catch {
    return undefined;
  }
}

describe('fuzz: hostile input on every route', () => {
  const harness = setUpTestApp({ overrides: { rateLimitPerMinute: 1_000_000 } });

  it(`answers ${REQUESTS} hostile requests (seed ${SEED}) without a single 5xx`, async () => {
    // The creators' calls first, then the operators': an operator call may reset or ban the creator
    // whose token the creators' calls carry (a guessed user id), so those come last.
    const all = harness.app.routeCatalog.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
    const routes = [...all.filter((route) => !isOperatorCall(route)), ...all.filter(isOperatorCall)];
    assert.ok(routes.length > 50, `only ${routes.length} routes found`);
    const gen = new Generator(prng(SEED));
    let token = await login(harness.app, '13800000001');
    // An admin reaches every operator call; a fresh one replaces it when the fuzz ends its session
    // (signing out, or disabling the account with a guessed id), signing in from an address of its
    // own so that the sign-in throttle, which counts per address, stays out of the way.
    let admins = 0;
    const operatorToken = async () => {
      admins += 1;
      return signInOperator(harness.app, harness.database.db, await addTestOperator(harness.database.db, 'admin'), `172.16.${admins >> 8}.${admins & 255}`);
    };
    let adminToken = await operatorToken();
    const failures: string[] = [];
    const reached = new Set<string>();
    const spent = new Map<string, number>();
    for (let n = 0; n < REQUESTS; n += 1) {
      const route = routes[Math.floor((n * routes.length) / REQUESTS)]!;
      const attempt = buildAttempt(route, gen, token, n, adminToken);
      const began = performance.now();
      const response = await harness.app.inject(attempt.options);
      spent.set(attempt.route, (spent.get(attempt.route) ?? 0) + performance.now() - began);
      if (response.statusCode >= 500) failures.push(`${response.statusCode} ${attempt.route} ← ${attempt.input} → ${response.body.slice(0, 200)}`);
      const code = answerCode(response.body);
      if (code !== ApiCode.BAD_SIGNATURE && code !== ApiCode.TOKEN_EXPIRED) reached.add(attempt.route);
      // Logging out (or a password change) ends the session: log in again so the next inputs get through.
      if (code === ApiCode.TOKEN_EXPIRED && isOperatorCall(route)) adminToken = await operatorToken();
      else if (code === ApiCode.TOKEN_EXPIRED) token = await login(harness.app, '13800000001');
    }
    if (process.env.FUZZ_PROFILE) {
      const slowest = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 15);
      console.info(slowest.map(([route, ms]) => `${ms.toFixed(0).padStart(8)} ms  ${route}`).join('\n'));
    }
    assert.deepEqual(failures.slice(0, 30), [], `${failures.length} requests answered 5xx (FUZZ_SEED=${SEED})`);
    // The inputs got past the signature and the token on (nearly) every route.
    assert.ok(reached.size >= routes.length * 0.9, `only ${reached.size} of ${routes.length} routes reached`);
  });
});

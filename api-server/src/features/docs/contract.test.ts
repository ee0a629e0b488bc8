/**
 * The contract holds: every registered route is registered from a contract schema or is
 * listed in contract-backlog.ts, every contract schema has its route, and the OpenAPI document
 * generated from them is valid OpenAPI 3.1 and is served with its documentation page.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { contractRoutes } from 'shared-sdk/contract/schemas';
import { setUpTestApp } from '../../testing/test-app';
import { NOT_CALLS, NOT_CONVERTED, NOT_SERVED_YET } from './contract-backlog';

const harness = setUpTestApp();

const keyOf = (route: { method: string; url: string }): string => `${route.method} ${route.url}`;

describe('contract coverage', () => {
  it('registers every route from the contract, except those listed as not converted yet or not calls', () => {
    const registered = harness.app.routeCatalog.filter((route) => route.method !== 'HEAD');
    const byOperation = new Map(contractRoutes.map((route) => [route.operationId, route]));
    const missing = registered
      .filter((route) => !route.operationId)
      .map(keyOf)
      .filter((key) => !NOT_CONVERTED.includes(key) && !NOT_CALLS.some(({ pattern }) => pattern.test(key)));
    assert.deepEqual(missing, [], 'routes without a contract schema (convert them, or list them in contract-backlog.ts)');

    for (const route of registered.filter((route) => route.operationId)) {
      const contract = byOperation.get(route.operationId!);
      assert.ok(contract, `${keyOf(route)} carries operationId ${route.operationId}, which the contract does not list`);
      assert.equal(keyOf(route), keyOf(contract), `${route.operationId} is registered at another method or path than its contract`);
    }
  });

  it('has a registered route for every contract schema', () => {
    const served = new Set(harness.app.routeCatalog.map((route) => route.operationId).filter(Boolean));
    assert.deepEqual(contractRoutes.filter((route) => !served.has(route.operationId) && !NOT_SERVED_YET.includes(route.operationId)).map(keyOf), []);
  });

  it('lists as not served yet only calls of the contract that have no route (the list only shrinks)', () => {
    const served = new Set(harness.app.routeCatalog.map((route) => route.operationId).filter(Boolean));
    const known = new Set(contractRoutes.map((route) => route.operationId));
    assert.deepEqual(
      NOT_SERVED_YET.filter((id) => served.has(id) || !known.has(id)),
      [],
      'remove these from NOT_SERVED_YET',
    );
  });

  it('lists as not converted only routes that exist and are not converted (the list only shrinks)', () => {
    const plain = new Set(harness.app.routeCatalog.filter((route) => !route.operationId).map(keyOf));
    assert.deepEqual(
      NOT_CONVERTED.filter((key) => !plain.has(key)),
      [],
      'remove these from NOT_CONVERTED',
    );
    assert.equal(new Set(NOT_CONVERTED).size, NOT_CONVERTED.length, 'NOT_CONVERTED has duplicates');
  });

  it('gives every call a unique operationId', () => {
    const ids = contractRoutes.map((route) => route.operationId);
    assert.equal(new Set(ids).size, ids.length);
  });
});

describe('OpenAPI document', () => {
  it('is served at /api/openapi.json without a signature, and is valid OpenAPI 3.1', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/openapi.json' });
    assert.equal(response.statusCode, 200);
    const document = response.json();
    assert.equal(document.openapi, '3.1.0');
    const result = await new Validator().validate(document);
    assert.deepEqual(result.errors ?? [], []);
    assert.equal(result.valid, true);
  });

  it('describes every contract call with its envelope, and nothing else', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    interface Operation {
      operationId: string;
      responses: { '200': { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } } };
    }
    const operations: Array<{ key: string; answer: { properties: Record<string, unknown> } }> = [];
    for (const [path, item] of Object.entries<Record<string, Operation>>(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        operations.push({ key: `${method.toUpperCase()} ${path}`, answer: operation.responses['200'].content['application/json'].schema });
      }
    }
    // OpenAPI writes a path parameter `{command}` where the route says `:command`.
    const documented = contractRoutes
      .filter((route) => !NOT_SERVED_YET.includes(route.operationId))
      .map((route) => keyOf({ method: route.method, url: route.url.replace(/:(\w+)/g, '{$1}') }));
    assert.deepEqual(operations.map((operation) => operation.key).sort(), documented.sort());
    for (const operation of operations) assert.deepEqual(Object.keys(operation.answer.properties).sort(), ['code', 'data', 'msg']);
    assert.deepEqual(Object.keys(document.components.securitySchemes).sort(), ['operatorSession', 'operatorToken', 'signature', 'token']);
    assert.match(document.info.description, /\| 1010 \| `REPLAYED` \|/);
    assert.match(document.info.description, /sign = md5\(METHOD/);
  });

  it('describes a call answering an event stream as text/event-stream with its events, and its refusals as the envelope', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const streaming = contractRoutes.filter((route) => route.events);
    assert.deepEqual(streaming.map(keyOf), ['POST /api/ai/write']);
    for (const route of streaming) {
      const answer = document.paths[route.url][route.method.toLowerCase()].responses['200'];
      assert.deepEqual(Object.keys(answer.content).sort(), ['application/json', 'text/event-stream']);
      const events = answer.content['text/event-stream'].schema.anyOf as Array<{ properties: Record<string, unknown> }>;
      assert.deepEqual(
        events.map((event) => Object.keys(event.properties)),
        [['delta'], ['done'], ['msg']],
      );
      assert.deepEqual(answer.content['application/json'].schema.properties.data, { type: 'null' });
      assert.match(answer.description, /text\/event-stream/);
    }
  });

  it('lists no request field that the server takes absent (it has a default) as required', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    interface Schema {
      required?: string[];
      properties?: Record<string, Schema & { default?: unknown }>;
    }
    interface Operation {
      parameters?: Array<{ name: string; required?: boolean; schema: { default?: unknown } }>;
      requestBody?: { content: Record<string, { schema: Schema }> };
    }
    const wronglyRequired: string[] = [];
    for (const [path, item] of Object.entries<Record<string, Operation>>(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const parameter of operation.parameters ?? []) {
          if (parameter.required && parameter.schema.default !== undefined) wronglyRequired.push(`${method} ${path} ${parameter.name}`);
        }
        for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
          for (const name of schema.required ?? []) {
            if (schema.properties?.[name]?.default !== undefined) wronglyRequired.push(`${method} ${path} ${type} ${name}`);
          }
        }
      }
    }
    assert.deepEqual(wronglyRequired, []);
    // The editor's save: only what it cannot do without; every document field may be left out.
    const save = document.paths['/api/article/add'].post.requestBody.content['application/x-www-form-urlencoded'].schema as Schema;
    assert.deepEqual(save.required, ['save_type', 'type']);
    assert.ok(save.properties?.title && save.properties.item_ids);
  });

  it('has a documentation page at /api/docs with a policy of its own and no inline script', async () => {
    const page = await harness.app.inject({ method: 'GET', url: '/api/docs' });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    assert.doesNotMatch(page.body, /<script>(?!\s*<\/script>)|<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
    const policy = String(page.headers['content-security-policy']);
    assert.match(policy, /script-src 'self';/);
    assert.doesNotMatch(policy, /unsafe-eval|script-src[^;]*unsafe-inline/);
    const initializer = await harness.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    assert.equal(initializer.statusCode, 200);
    assert.match(initializer.body, /\/api\/openapi\.json/);
  });
});

/** The input guard's walk: parsed input only, never a binary body (a 20 MB body once froze the server). */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { findNonFiniteField, findNulField } from './request-input';

describe('findNulField / findNonFiniteField', () => {
  it('finds a NUL or a non-finite number in parsed form/JSON input', () => {
    assert.equal(findNulField({ a: [{ b: 'x\u0000y' }] }), 'a.0.b');
    const query = Object.create(Object.create(null) as object) as Record<string, unknown>;
    query.title = 'x\u0000';
    assert.equal(findNulField(query), 'title', 'a query object on a prototype-less prototype');
    assert.equal(findNonFiniteField({ page: Infinity }), 'page');
  });

  it('does not walk a Buffer, a typed array or a stream, and takes no time over a large one', () => {
    const body = Buffer.alloc(20 * 1024 * 1024);
    const started = process.hrtime.bigint();
    assert.equal(findNulField(body), null);
    assert.equal(findNonFiniteField(body), null);
    assert.equal(findNulField(new Float64Array([Infinity])), null);
    assert.equal(findNulField(new PassThrough()), null);
    // Walking it byte by byte took seconds per MB; not walking it takes microseconds.
    assert.ok(process.hrtime.bigint() - started < 50_000_000n, 'a 20 MB body is not walked');
  });
});

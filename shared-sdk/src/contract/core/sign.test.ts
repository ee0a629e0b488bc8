import { createHash } from 'node:crypto';
import { NONCE_PATTERN, canonicalString, computeSign, newNonce } from './sign';

const target = { method: 'post', path: '/api/material/delChild' };

describe('computeSign', () => {
  it('signs method, path and the sorted, encoded, non-empty parameters followed by the secret with md5', () => {
    const params = { token: 'abc', app_id: 'web', timestamp: 1700000000000, empty: undefined, sign: 'ignored', title: '两会 a&b' };
    const canonical = 'POST\n/api/material/delChild\napp_id=web&timestamp=1700000000000&title=%E4%B8%A4%E4%BC%9A%20a%26b&token=abc';
    expect(canonicalString(target, params)).toBe(canonical);
    expect(computeSign(params, 's3cret', target)).toBe(createHash('md5').update(`${canonical}s3cret`).digest('hex'));
  });

  it('changes when any parameter changes', () => {
    expect(computeSign({ a: 1 }, 'k', target)).not.toBe(computeSign({ a: 2 }, 'k', target));
  });

  it('cannot be moved between fields: a value holding & and = signs differently from two fields', () => {
    expect(computeSign({ a: 'x', az: 'y' }, 'k', target)).not.toBe(computeSign({ a: 'x&az=y' }, 'k', target));
    expect(computeSign({ 'a=b': 'c' }, 'k', target)).not.toBe(computeSign({ a: 'b=c' }, 'k', target));
  });

  it('cannot be moved between calls: another path or method signs differently', () => {
    const params = { ids: '1,2' };
    const sign = computeSign(params, 'k', target);
    expect(computeSign(params, 'k', { method: 'POST', path: '/api/draft/del' })).not.toBe(sign);
    expect(computeSign(params, 'k', { method: 'GET', path: '/api/material/delChild' })).not.toBe(sign);
    expect(computeSign(params, 'k', { method: 'POST', path: '/api/material/delChild?x=1' })).toBe(sign);
  });

  it('signs a lone surrogate (which cannot be percent-encoded) instead of throwing', () => {
    expect(computeSign({ a: '\ud800x' }, 'k', target)).toBe(computeSign({ a: '\ufffdx' }, 'k', target));
    expect(computeSign({ a: '😀' }, 'k', target)).not.toBe(computeSign({ a: '\ufffd' }, 'k', target));
  });
});

describe('newNonce', () => {
  it('is 32 hex characters, different each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, () => newNonce()));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(newNonce()).toMatch(NONCE_PATTERN);
  });
});

import { createHash } from 'node:crypto';
import { canonicalQuery, computeSign } from './sign';

describe('computeSign', () => {
  it('signs the sorted, non-empty parameters followed by the secret with md5', () => {
    const params = { token: 'abc', app_id: 'web', timestamp: 1700000000000, empty: undefined, sign: 'ignored' };
    expect(canonicalQuery(params)).toBe('app_id=web&timestamp=1700000000000&token=abc');
    const expected = createHash('md5').update('app_id=web&timestamp=1700000000000&token=abcs3cret').digest('hex');
    expect(computeSign(params, 's3cret')).toBe(expected);
  });

  it('changes when any parameter changes', () => {
    expect(computeSign({ a: 1 }, 'k')).not.toBe(computeSign({ a: 2 }, 'k'));
  });
});

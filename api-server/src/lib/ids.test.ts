import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiCode } from 'shared-sdk/contract';
import { ID_LIST } from '../features/drafts/draft-lists';
import { MATERIAL_ID_LIST, labelIdList } from '../features/materials/material-input';
import { ApiError } from './api-error';
import { parseIdList } from './ids';

const refusal = (message: string) => (error: unknown) => error instanceof ApiError && error.code === ApiCode.INVALID_PARAMS && error.message === message;

describe('parseIdList', () => {
  it('reads a comma-separated list, spaces around items allowed', () => {
    assert.deepEqual(parseIdList(' 3, 1 ,2', ID_LIST), [3, 1, 2]);
  });

  it('refuses empty items, zero, leading zeros, signs, decimals and duplicates with the rule’s message', () => {
    for (const raw of ['', '1,', ',1', '0', '01', '-1', '+1', '1.5', '1e3', 'a', '1,1']) {
      assert.throws(() => parseIdList(raw, ID_LIST), refusal('参数错误：ids 格式不正确'), raw);
      assert.throws(() => parseIdList(raw, labelIdList(5)), refusal('参数错误：labels 格式不正确'), raw);
    }
  });

  it('keeps each caller’s bounds: drafts and manuscripts up to 32 bits, materials and labels up to nine digits', () => {
    assert.deepEqual(parseIdList('2147483647', ID_LIST), [2_147_483_647]);
    assert.throws(() => parseIdList('2147483648', ID_LIST), refusal('参数错误：ids 格式不正确'));
    assert.throws(() => parseIdList('99999999999', ID_LIST), refusal('参数错误：ids 格式不正确'));
    assert.deepEqual(parseIdList('999999999', MATERIAL_ID_LIST), [999_999_999]);
    assert.throws(() => parseIdList('1000000000', MATERIAL_ID_LIST), refusal('参数错误：ids 格式不正确'));
    assert.throws(() => parseIdList('1000000000', labelIdList(5)), refusal('参数错误：labels 格式不正确'));
  });

  it('keeps each caller’s count: 100 ids, or the labels’ own limit', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');
    assert.equal(parseIdList(ids(100), ID_LIST).length, 100);
    assert.throws(() => parseIdList(ids(101), ID_LIST), refusal('参数错误：ids 格式不正确'));
    assert.equal(parseIdList(ids(100), MATERIAL_ID_LIST).length, 100);
    assert.throws(() => parseIdList(ids(101), MATERIAL_ID_LIST), refusal('参数错误：ids 格式不正确'));
    assert.deepEqual(parseIdList(ids(5), labelIdList(5)), [1, 2, 3, 4, 5]);
    assert.throws(() => parseIdList(ids(6), labelIdList(5)), refusal('参数错误：labels 格式不正确'));
  });
});

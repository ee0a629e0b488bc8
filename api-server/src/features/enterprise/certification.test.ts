import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiCode, type CertificationState, type EnterpriseAnswer, type MpBaseUserinfo, isValidCreditCode } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { type TestToken, SAMPLE, fetchToken, newKey, ossInject } from '../oss/oss-test-client';
import { cleanedUrl } from '../../testing/clean-image';
import { runToolCommand } from '../tools/operator';
import { operatorToken } from '../../lib/operator-access';

const APPLICANT = '13800000001';
const OTHER = '13800000002';
const CERTIFIED = '13800000006';
const SUBMITTED = '13800000003';
const FAILED = '13800000007';
const CODE = '91350100M000100Y43';

describe('enterprise certification and government affairs', () => {
  const tokens: Record<string, string> = {};
  const storage: Record<string, TestToken> = {};
  const data = tempDir('certification');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });

  const call = async <T>(phone: string, url: string, params: Record<string, string | number> = {}) =>
    body<T>(await signed(harness.app, { method: 'POST', url, token: tokens[phone], params }));
  const upload = async (phone: string, payload: Buffer, ext = 'png', kind = 'image'): Promise<string> => {
    const t = storage[phone];
    assert.ok(t);
    const key = newKey(t.keyScope, ext, kind);
    const put = await ossInject(harness.app, t, { method: 'PUT', key, payload, contentType: 'image/png' });
    assert.equal(put.statusCode, 200, put.body);
    return `/oss/${t.bucket}/${key}`;
  };
  const form = (licence: string, change: Record<string, string> = {}) => ({
    org_name: '郑州测试传媒有限公司',
    credit_code: CODE,
    licence_url: licence,
    contact_name: '李经理',
    contact_phone: '13912345678',
    ...change,
  });
  const enterpriseOf = (phone: string) => call<EnterpriseAnswer>(phone, '/api/enterpriseUser/index');
  const stateOf = (phone: string, kind: 'enterprise' | 'gov') =>
    call<CertificationState>(phone, kind === 'enterprise' ? '/api/enterpriseUser/application' : '/api/govAffairs/index');
  const review = (phone: string, decision: 'reviewing' | 'approve' | 'reject', reason = '', kind = 'enterprise') =>
    runToolCommand(harness.database.db, 'certification-review', { phone, kind, decision, reason });

  before(async () => {
    for (const phone of [APPLICANT, OTHER, CERTIFIED, SUBMITTED, FAILED]) tokens[phone] = await login(harness.app, phone);
    for (const phone of [APPLICANT, OTHER]) storage[phone] = await fetchToken(harness.app, tokens[phone] ?? '');
  });

  it('checks unified social credit codes by GB 32100-2015 (shape and check character)', () => {
    assert.ok(isValidCreditCode(CODE));
    assert.ok(isValidCreditCode('12410000415800316F'));
    assert.ok(!isValidCreditCode('91350100M000100Y44'), 'wrong check character');
    assert.ok(!isValidCreditCode('91350100M000100Y4'), 'too short');
    assert.ok(!isValidCreditCode('9135010OM000100Y43'), 'letter O is not in the alphabet');
  });

  it('shows the seeded states: none, submitted, failed with its reason, passed', async () => {
    assert.deepEqual(await stateOf(APPLICANT, 'enterprise').then((a) => a.data), { cert_audit_status: 0, reason: '', application: null });
    assert.equal((await stateOf(SUBMITTED, 'enterprise')).data.cert_audit_status, 2);
    assert.deepEqual((await enterpriseOf(SUBMITTED)).data, { status: 1, cert_audit_status: 2 });
    const failed = await stateOf(FAILED, 'enterprise');
    assert.equal(failed.data.cert_audit_status, 4);
    assert.match(failed.data.reason, /营业执照/);
    assert.deepEqual((await enterpriseOf(FAILED)).data, { status: 0, cert_audit_status: 4 });
    const passed = await stateOf(CERTIFIED, 'enterprise');
    assert.equal(passed.data.cert_audit_status, 1);
    assert.equal(passed.data.application?.credit_code, CODE);
    assert.equal((await stateOf(CERTIFIED, 'gov')).data.cert_audit_status, 1);
  });

  it('refuses a bad form on the server with the page’s messages', async () => {
    const licence = await cleanedUrl(harness.app, tokens[APPLICANT], await upload(APPLICANT, SAMPLE.png));
    const cases: [Record<string, string>, RegExp][] = [
      [{ org_name: '郑' }, /机构名称/],
      [{ credit_code: '91350100M000100Y44' }, /统一社会信用代码/],
      [{ licence_url: '' }, /营业执照/],
      [{ contact_name: '   ' }, /联系人/],
      [{ contact_phone: '12345' }, /联系电话/],
    ];
    for (const [change, message] of cases) {
      const answer = await call(APPLICANT, '/api/enterpriseUser/apply', form(licence, change));
      assert.equal(answer.code, ApiCode.INVALID_PARAMS, JSON.stringify(change));
      assert.match(answer.msg, message);
    }
    assert.equal((await call(APPLICANT, '/api/enterpriseUser/apply', form(licence, { org_name: 'a\u0000b' }))).code, ApiCode.INVALID_PARAMS);
    assert.equal((await call(APPLICANT, '/api/enterpriseUser/apply', form(licence, { org_name: '长'.repeat(100_000) }))).code, ApiCode.INVALID_PARAMS);
    assert.equal((await stateOf(APPLICANT, 'enterprise')).data.cert_audit_status, 0, 'nothing stored');
  });

  it('accepts only the applicant’s own uploaded image as the licence', async () => {
    const others = await upload(OTHER, SAMPLE.png);
    assert.match((await call(APPLICANT, '/api/enterpriseUser/apply', form(others))).msg, /自己上传/);
    assert.match((await call(APPLICANT, '/api/enterpriseUser/apply', form('https://evil.example.com/a.png'))).msg, /图片地址无效/);
    const notImage = await upload(APPLICANT, Buffer.from('just text, not an image'), 'png');
    assert.match((await call(APPLICANT, '/api/enterpriseUser/apply', form(notImage))).msg, /请上传图片文件/);
    const missing = `/oss/${storage[APPLICANT]?.bucket}/${newKey(storage[APPLICANT]?.keyScope ?? '', 'png')}`;
    assert.match((await call(APPLICANT, '/api/enterpriseUser/apply', form(missing))).msg, /不存在/);
  });

  it('goes submitted (2) → reviewing (3) → passed (1): enterprise status 2, cert_type 24', async () => {
    const licence = await cleanedUrl(harness.app, tokens[APPLICANT], await upload(APPLICANT, SAMPLE.png));
    const applied = await call<CertificationState>(APPLICANT, '/api/enterpriseUser/apply', form(licence, { credit_code: CODE.toLowerCase() }));
    assert.equal(applied.code, 0, applied.msg);
    assert.equal(applied.msg, '提交成功，请等待审核');
    assert.equal(applied.data.cert_audit_status, 2);
    assert.equal(applied.data.application?.credit_code, CODE, 'stored upper case');
    assert.deepEqual((await enterpriseOf(APPLICANT)).data, { status: 1, cert_audit_status: 2 });
    const again = await call(APPLICANT, '/api/enterpriseUser/apply', form(licence));
    assert.equal(again.code, ApiCode.CONFLICT);
    assert.match(again.msg, /审核中/);

    await review(APPLICANT, 'reviewing');
    assert.deepEqual((await enterpriseOf(APPLICANT)).data, { status: 1, cert_audit_status: 3 });
    await assert.rejects(review(APPLICANT, 'reviewing'), /waiting for this step/);
    assert.match(await review(APPLICANT, 'approve'), /now 1/);
    assert.deepEqual((await enterpriseOf(APPLICANT)).data, { status: 2, cert_audit_status: 1 });
    const info = await body<MpBaseUserinfo>(await signed(harness.app, { method: 'GET', url: '/api/user/mpBaseUserinfo', token: tokens[APPLICANT] }));
    assert.equal(info.data.u_cert.cert_type, 24);
    assert.equal((await call(APPLICANT, '/api/enterpriseUser/apply', form(licence))).code, ApiCode.CONFLICT, 'passed: no second application');
    await assert.rejects(review(APPLICANT, 'reject', '太晚了'), /waiting for this step/);
  });

  it('rejects with a reason the creator sees, then takes a corrected application', async () => {
    const licence = await cleanedUrl(harness.app, tokens[OTHER], await upload(OTHER, SAMPLE.png));
    assert.equal((await call(OTHER, '/api/govAffairs/apply', form(licence, { org_name: '某市政务服务中心' }))).code, 0);
    await assert.rejects(review(OTHER, 'reject', '', 'gov'), /needs --reason/);
    await review(OTHER, 'reject', '机构名称与执照不一致', 'gov');
    const failed = await stateOf(OTHER, 'gov');
    assert.equal(failed.data.cert_audit_status, 4);
    assert.equal(failed.data.reason, '机构名称与执照不一致');
    assert.deepEqual((await enterpriseOf(OTHER)).data, { status: 0, cert_audit_status: 0 }, 'government affairs leave the enterprise data alone');
    const again = await call<CertificationState>(OTHER, '/api/govAffairs/apply', form(licence, { org_name: '某市政务服务中心（更正）' }));
    assert.equal(again.data.cert_audit_status, 2);
    assert.equal(again.data.reason, '');
    assert.equal(again.data.application?.org_name, '某市政务服务中心（更正）');
    assert.match(await runToolCommand(harness.database.db, 'certification-queue', {}), /13800000002\tgov\t2/);
  });

  it('answers the operator route only with the operator token', async () => {
    const url = '/operator/tools/certification-queue';
    const refused = await harness.app.inject({ method: 'POST', url, headers: { 'x-operator-token': 'wrong' }, payload: {} });
    assert.equal(refused.statusCode, 403);
    const allowed = await harness.app.inject({ method: 'POST', url, headers: { 'x-operator-token': operatorToken() }, payload: {} });
    assert.equal(allowed.json<{ code: number }>().code, 0);
    const bad = await harness.app.inject({
      method: 'POST',
      url: '/operator/tools/certification-review',
      headers: { 'x-operator-token': operatorToken() },
      payload: { phone: '13899999999', decision: 'approve' },
    });
    assert.equal(bad.json<{ code: number }>().code, ApiCode.CONFLICT);
  });
});

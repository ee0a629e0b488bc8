/** The shell's start-up calls (docs/product.md §7), answer shapes checked per kind of demo account. */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiCode, type MenuEntry, type MpBaseUserinfo, deriveUserInfo } from 'shared-sdk/contract';
import { createSession } from '../plugins/app/sessions';
import { seedDemoData } from '../seed';
import { declaredRemoteSource } from '../testing/declared-remotes';
import { setUpTestApp } from '../testing/test-app';
import { body, login, signed } from '../testing/signed';

describe('shell calls', () => {
  // The menu call answers from the remotes' route declarations: their sources, not a build.
  const harness = setUpTestApp({ deps: { remoteSource: declaredRemoteSource() } });
  const tokens = new Map<string, string>();

  before(async () => {
    for (const n of [1, 2, 3, 4, 6, 7]) tokens.set(`1380000000${n}`, await login(harness.app, `1380000000${n}`));
    // The forced-logout account cannot log in any more (1006 with the reason): a session made beforehand.
    const banned = await harness.database.db.selectFrom('users').select('id').where('phone', '=', '13800000005').executeTakeFirstOrThrow();
    tokens.set('13800000005', (await createSession(harness.database.db, banned.id, 1)).token);
  });

  async function call<T>(phone: string, url: string, method: 'GET' | 'POST' = 'GET', params = {}): Promise<T> {
    const answer = body<T>(await signed(harness.app, { method, url, params, token: tokens.get(phone) }));
    assert.equal(answer.code, ApiCode.OK, `${url} for ${phone}: ${answer.msg}`);
    assert.equal(typeof answer.msg, 'string');
    return answer.data;
  }
  const banInfo = (phone: string) =>
    harness.app.inject({ method: 'GET', url: '/service/userban/getUserBanInfo', query: { token: tokens.get(phone) ?? '' } }).then((r) => body(r));
  const unread = async (phone: string) => [
    (await call<{ count: number }>(phone, '/api/notice/getMpNoReadNums', 'GET', { type: 0 })).count,
    (await call<{ count: number }>(phone, '/api/notice/getMpNoReadNums', 'GET', { type: 1 })).count,
    (await call<{ count: number }>(phone, '/api/notice/getCommunityNoReadNums')).count,
  ];
  const menuUrls = (menu: MenuEntry[]): string[] => menu.flatMap((entry) => [entry.ap_url, ...(entry.children ?? []).map((c) => c.ap_url)]);

  it('a verified creator with tools, short-drama authority and a badge', async () => {
    const info = await call<MpBaseUserinfo>('13800000001', '/api/user/mpBaseUserinfo');
    assert.deepEqual(Object.keys(info).sort(), ['identities_info', 'is_reverse_author', 'u_avatar', 'u_cert', 'u_id', 'u_nickname', 'u_phone_masked']);
    assert.equal(info.u_nickname, '创作者小王');
    assert.deepEqual(info.identities_info, ['identity_verification']);
    assert.deepEqual(info.u_cert, { cert_type: 0 });
    assert.equal(info.u_phone_masked, '138****0001');
    assert.equal(deriveUserInfo(info, 't', null).u_cert, 1);

    assert.deepEqual(await unread('13800000001'), [3, 2, 1]);
    assert.deepEqual(await call('13800000001', '/api/user/getToolList'), [{ code: 'oddjobs', name: '招聘管理' }]);
    assert.deepEqual(await call('13800000001', '/api/microDrama/isHasAuth', 'POST'), { check: true });
    assert.match((await call<{ cover_url: string }>('13800000001', '/api/userBadge/getUserWearBadge')).cover_url, /^data:image\//);
    // Computed from the creator's manuscripts and events (features/score); its rules are tested there.
    const { user_score } = await call<{ user_score: number }>('13800000001', '/api/creatorScore/getUserScore');
    assert.ok(Number.isInteger(user_score) && user_score >= 0 && user_score <= 100);
    assert.deepEqual(await call('13800000001', '/api/enterpriseUser/index', 'POST'), { status: 0, cert_audit_status: 0 });
    assert.deepEqual(await banInfo('13800000001'), { code: 0, msg: 'success', data: null });

    const urls = menuUrls(await call<MenuEntry[]>('13800000001', '/admin/account/rolePermissionList', 'POST'));
    assert.ok(urls.includes('/shortPlay') && urls.includes('/tools/job/index'));
  });

  it('an unverified creator without tools, authority or badge', async () => {
    const info = await call<MpBaseUserinfo>('13800000002', '/api/user/mpBaseUserinfo');
    assert.deepEqual(info.identities_info, []);
    assert.equal(deriveUserInfo(info, 't', null).u_cert, 0);
    assert.deepEqual(await unread('13800000002'), [0, 0, 0]);
    assert.deepEqual(await call('13800000002', '/api/user/getToolList'), []);
    assert.deepEqual(await call('13800000002', '/api/microDrama/isHasAuth', 'POST'), { check: false });
    assert.deepEqual(await call('13800000002', '/api/userBadge/getUserWearBadge'), { cover_url: '' });
    const menu = await call<MenuEntry[]>('13800000002', '/admin/account/rolePermissionList', 'POST');
    assert.ok(!menuUrls(menu).includes('/shortPlay') && !menuUrls(menu).includes('/tools/job/index'));
    for (const entry of menu) assert.deepEqual(Object.keys(entry).sort(), ['ap_icon', 'ap_name', 'ap_sort', 'ap_url', 'children', 'openType']);
  });

  it('banned creators get their ban data with the token alone, unsigned', async () => {
    const ban3 = await banInfo('13800000003');
    assert.equal(ban3.code, 0);
    assert.deepEqual(Object.keys(ban3.data ?? {}).sort(), ['ban_range_type', 'ban_reason', 'ban_type']);
    assert.deepEqual({ ...(ban3.data as object), ban_reason: 'x' }, { ban_type: 1, ban_range_type: '1', ban_reason: 'x' });
    assert.deepEqual((await banInfo('13800000004')).data, { ban_type: 1, ban_range_type: '3', ban_reason: '动态中含有违规广告，已限制发布动态' });
    const ban5 = (await banInfo('13800000005')).data as { ban_type: number; ban_reason: string };
    assert.equal(ban5.ban_type, 2);
    assert.ok(ban5.ban_reason.length > 0);
  });

  it('the ban call refuses a missing or unknown token with -1', async () => {
    for (const query of [{}, { token: 'unknown' }] as Record<string, string>[]) {
      assert.equal(body(await harness.app.inject({ method: 'GET', url: '/service/userban/getUserBanInfo', query })).code, ApiCode.TOKEN_EXPIRED);
    }
  });

  it('an enterprise-certified creator', async () => {
    const info = await call<MpBaseUserinfo>('13800000006', '/api/user/mpBaseUserinfo');
    assert.deepEqual(info.u_cert, { cert_type: 24 });
    assert.ok(info.identities_info.includes('agency_certification'));
    assert.equal(deriveUserInfo(info, 't', null).u_cert_status, 1);
    assert.deepEqual(await call('13800000006', '/api/enterpriseUser/index', 'POST'), { status: 2, cert_audit_status: 1 });
    assert.notEqual((await call<{ cover_url: string }>('13800000006', '/api/userBadge/getUserWearBadge')).cover_url, '');
  });

  it('a creator with more than 99 unread notices', async () => {
    const counts = await unread('13800000007');
    assert.deepEqual(counts, [60, 40, 5]);
    assert.ok(counts.reduce((a, b) => a + b) > 99);
  });

  it('seeding again changes nothing', async () => {
    assert.deepEqual(await seedDemoData(harness.database.db), []);
    assert.deepEqual(await unread('13800000001'), [3, 2, 1]);
  });
});

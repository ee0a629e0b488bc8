/** The menu call answers the sidebar of docs/product.md §2 (Shell) per user, built from the route declarations. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiCode, type MenuEntry } from 'shared-sdk/contract';
import { sidebarOutline } from 'shared-sdk/testing/sidebar';
import { declaredRemoteSource } from '../../testing/declared-remotes';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';

// docs/product.md §2 (Shell) and §6 written out: the entries in their order; 短剧 and 工具 per user.
const manuscripts = (drama: boolean) => `稿件管理 [稿件库 /personalScript, 草稿箱 /draft${drama ? ', 短剧 /shortPlay' : ''}]`;
const everyone = (drama: boolean) => [
  '首页 /index',
  manuscripts(drama),
  '素材 [我的素材 /material/0, 公共素材 /material/1]',
  '排行榜 /rank (window)',
  '权益中心 /rights',
  '政务 /govAffairs',
  '企业 /enterprise',
  '帮助中心 /helpCenter',
];

describe('POST /admin/account/rolePermissionList', () => {
  const harness = setUpTestApp({ deps: { remoteSource: declaredRemoteSource() } });

  const menuOf = async (phone: string) => {
    const answer = body<MenuEntry[]>(
      await signed(harness.app, { method: 'POST', url: '/admin/account/rolePermissionList', token: await login(harness.app, phone) }),
    );
    assert.equal(answer.code, ApiCode.OK);
    return sidebarOutline(answer.data ?? []);
  };

  it('gives a creator with the short-drama authority and the oddjobs tool every entry', async () => {
    assert.deepEqual(await menuOf('13800000001'), [...everyone(true), '工具 [招聘管理 /tools/job/index]']);
  });

  it('gives a creator without them neither 短剧 nor the 工具 group', async () => {
    assert.deepEqual(await menuOf('13800000002'), everyone(false));
  });
});

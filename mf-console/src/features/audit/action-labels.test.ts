import { AUDIT_ACTIONS } from 'shared-sdk/contract/audit-actions';
import { actionLabel } from './action-labels';

describe('the audit actions in the console', () => {
  it('shows every action the server records in Chinese, not as its raw name', () => {
    const unlabelled = AUDIT_ACTIONS.filter((action) => !/\p{Script=Han}/u.test(actionLabel(action)));
    expect(unlabelled).toEqual([]);
  });

  it('labels the actions by the names the server writes', () => {
    expect(actionLabel('user.reset_password')).toBe('重置创作者密码');
    expect(actionLabel('token.create')).toBe('创建个人令牌');
    expect(actionLabel('token.revoke')).toBe('吊销个人令牌');
    expect(actionLabel('operator.password_reset')).toBe('重置操作员密码');
    expect(actionLabel('release_token.create')).toBe('创建发布令牌');
    expect(actionLabel('operator.release_scope')).toBe('设置发布范围');
  });

  it('gives different actions different labels', () => {
    const labels = AUDIT_ACTIONS.map(actionLabel);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('shows an action it does not know as the server names it', () => {
    expect(actionLabel('material.archive')).toBe('material.archive');
  });
});

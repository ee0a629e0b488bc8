import type { RuntimeConfig, UserInfo } from '../contract';

export const TEST_SECRET = 'test-secret';

export function testRuntimeConfig(origin: string): RuntimeConfig {
  return {
    hosts: { main: origin, newspaper: origin, user: origin, analytics: origin },
    appId: 'test-app',
    appSecret: TEST_SECRET,
    customerServiceUrl: '',
    env: { name: 'test', production: false },
  };
}

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    u_id: 7,
    u_nickname: '测试作者',
    u_avatar: '',
    is_reverse_author: 0,
    u_cert: 1,
    u_cert_status: 0,
    cert_type: 0,
    token: 'tok-7',
    banData: null,
    tokenExpire: false,
    ...overrides,
  };
}

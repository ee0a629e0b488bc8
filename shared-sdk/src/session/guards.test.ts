import type { BanData, UserInfo } from '../contract';
import { createAppStore } from '../store';
import { makeUser } from '../testing/fixtures';
import { bindStore } from './access';
import { onSessionEvent, type SessionEventMap } from './events';
import { guardCreation, requireCert, requireNotBanned } from './guards';

let events: { type: string; payload: unknown }[] = [];
let offs: (() => void)[] = [];
let unbind: () => void = () => undefined;

beforeEach(() => {
  events = [];
  const record =
    <K extends keyof SessionEventMap>(type: K) =>
    (payload: SessionEventMap[K]) =>
      events.push({ type, payload });
  offs = [onSessionEvent('cert-required', record('cert-required')), onSessionEvent('banned', record('banned'))];
});
afterEach(() => {
  offs.forEach((off) => off());
  unbind();
});

function as(overrides: Partial<UserInfo>): void {
  unbind = bindStore(createAppStore({ session: { user: makeUser(overrides) } }));
}
const ban = (ban_type: number, ban_range_type: string): BanData => ({ ban_type, ban_range_type, ban_reason: '违规发布' });

describe('requireCert', () => {
  it('lets a verified user through silently', () => {
    as({ u_cert: 1 });
    expect(requireCert()).toBe(true);
    expect(events).toEqual([]);
  });

  it('stops an unverified user and asks the host for the real-name dialog', () => {
    as({ u_cert: 0 });
    expect(requireCert()).toBe(false);
    expect(events).toEqual([{ type: 'cert-required', payload: {} }]);
  });

  it('reads local storage when no store is bound', () => {
    localStorage.setItem('userInfo', JSON.stringify(makeUser({ u_cert: 1 })));
    expect(requireCert()).toBe(true);
    localStorage.clear();
    expect(requireCert()).toBe(false);
  });
});

describe('requireNotBanned', () => {
  const cases: [string, BanData | null, boolean, boolean][] = [
    // account state, ban data, may create content (range 1), may post (range 3)
    ['not banned', null, true, true],
    ['ban 1 on range "1"', ban(1, '1'), false, true],
    ['ban 1 on range "3"', ban(1, '3'), true, false],
    ['ban 1 on ranges "1,3"', ban(1, '1,3'), false, false],
    ['ban 2 (forced logout at start-up, not a creation block)', ban(2, '1,3'), true, true],
  ];

  it.each(cases)('%s', (_state, banData, mayCreate, mayPost) => {
    as({ banData });
    expect(requireNotBanned('1')).toBe(mayCreate);
    expect(requireNotBanned('3')).toBe(mayPost);
    const expected = [
      ...(mayCreate ? [] : [{ type: 'banned', payload: { range: '1', ban: banData } }]),
      ...(mayPost ? [] : [{ type: 'banned', payload: { range: '3', ban: banData } }]),
    ];
    expect(events).toEqual(expected);
  });
});

describe('guardCreation', () => {
  it('checks real-name first: an unverified banned user sees only the real-name dialog', () => {
    as({ u_cert: 0, banData: ban(1, '1') });
    expect(guardCreation('1')).toBe(false);
    expect(events.map((e) => e.type)).toEqual(['cert-required']);
  });

  it('then the ban', () => {
    as({ u_cert: 1, banData: ban(1, '1') });
    expect(guardCreation('1')).toBe(false);
    expect(guardCreation('3')).toBe(true);
    expect(events.map((e) => e.type)).toEqual(['banned']);
  });
});

import dayjs from 'dayjs';
import { auditFilter } from './audit-filter';

describe('the audit filter', () => {
  it('leaves blanks out and takes whole days', () => {
    const from = dayjs('2026-11-01T15:00:00');
    const to = dayjs('2026-11-03T09:00:00');
    expect(auditFilter({ operator_id: 2, action: ' user.ban ', target_type: '', range: [from, to] })).toEqual({
      operator_id: 2,
      action: 'user.ban',
      from: dayjs('2026-11-01T00:00:00').toISOString(),
      to: dayjs('2026-11-04T00:00:00').toISOString(),
    });
    expect(auditFilter({})).toEqual({});
  });
});

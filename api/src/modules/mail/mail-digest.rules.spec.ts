import { digestDue, zonedClock } from './mail-digest.rules';

describe('daily digest schedule', () => {
  // 07:30 UTC is 08:30 in Paris (winter) and 02:30 in New York.
  const now = new Date('2026-01-15T07:30:00Z');

  it('reads the day and time on the company clock', () => {
    expect(zonedClock(now, 'Europe/Paris')).toEqual({ day: '2026-01-15', time: '08:30' });
    expect(zonedClock(now, 'America/New_York')).toEqual({ day: '2026-01-15', time: '02:30' });
    expect(zonedClock(new Date('2026-01-15T23:30:00Z'), 'Asia/Tokyo')).toEqual({ day: '2026-01-16', time: '08:30' });
  });

  it.each([
    ['Europe/Paris', '08:00', null, true],
    ['Europe/Paris', '08:30', null, true],
    ['Europe/Paris', '09:00', null, false],
    ['America/New_York', '08:00', null, false],
    ['Europe/Paris', '08:00', '2026-01-15', false],
    ['Europe/Paris', '08:00', '2026-01-14', true],
  ])('in %s at %s, last sent %p: due %p', (zone, time, last, due) => {
    expect(digestDue(now, zone, time, last)).toEqual({ due, day: zonedClock(now, zone).day });
  });
});

import { capitalisedMonthName, currentMonth, monthDays, monthName, recentMonths } from './months';

describe('months of the API sales screens', () => {
  it('counts back across a year and knows how long each month is', () => {
    expect(recentMonths(3, '2027-02')).toEqual(['2027-02', '2027-01', '2026-12']);
    expect(monthDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthDays('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('takes the month in UTC and names it in Spanish', () => {
    expect(currentMonth(new Date('2026-11-30T23:30:00-02:00'))).toBe('2026-12');
    expect(monthName('2026-11')).toBe('noviembre de 2026');
    expect(capitalisedMonthName('2026-12')).toBe('Diciembre de 2026');
  });
});

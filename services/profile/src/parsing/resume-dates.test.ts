import { describe, expect, it } from 'vitest';
import { findDates, isOnlyDates, normaliseDatePoint } from './resume-dates.ts';

describe('findDates', () => {
  it.each([
    ['Jan 2020 – Present', '2020-01', null],
    ['January 2020 - Mar 2022', '2020-01', '2022-03'],
    ['01/2020 – 03/2022', '2020-01', '2022-03'],
    ['2019–2021', '2019', '2021'],
    ['2020-01 to 2022-03', '2020-01', '2022-03'],
    ['Sept. 2018 — Dec 2019', '2018-09', '2019-12'],
    ['Summer 2017', '2017', '2017'],
    ['03.2019 - 11.2021', '2019-03', '2021-11'],
    ['(May 2015 – current)', '2015-05', null],
    ['Oct 2021 – Now', '2021-10', null],
    ['Engineer, Acme | 2016 - 2019', '2016', '2019'],
    ['févr. 2019 – aujourd’hui', '2019-02', null],
  ])('%s', (line, start, end) => {
    expect(findDates(line)).toMatchObject({ start, end });
  });

  it('finds no date in a phone number, a version or plain words', () => {
    for (const line of ['+1 (512) 555-2019', 'Python 3.11', 'Led a team of 12', 'Room 2021B']) expect(findDates(line), line).toBeNull();
  });

  it('tells a line of only dates', () => {
    expect(isOnlyDates('Jan 2020 – Present')).toBe(true);
    expect(isOnlyDates('Acme, Jan 2020 – Present')).toBe(false);
    expect(normaliseDatePoint('Smarch 2020')).toBeNull();
  });
});

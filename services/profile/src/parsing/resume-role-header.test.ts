import { describe, expect, it } from 'vitest';
import { readRoleHeader } from './resume-role-header.ts';

describe('readRoleHeader', () => {
  it.each([
    [['Senior Software Engineer, Stripe — Jan 2020 – Present'], 'Senior Software Engineer', 'Stripe', '', '2020-01', null],
    [['Northwind Freight | Warehouse Shift Lead | 2019 - 2023'], 'Warehouse Shift Lead', 'Northwind Freight', '', '2019', '2023'],
    [['Registered Nurse', 'St. Mary Hospital, Phoenix, AZ | Mar 2018 – Present'], 'Registered Nurse', 'St. Mary Hospital', 'Phoenix, AZ', '2018-03', null],
    [['Sous Chef at Bistro Verde', 'Sept. 2018 — Dec 2019'], 'Sous Chef', 'Bistro Verde', '', '2018-09', '2019-12'],
    [
      ['Data Analyst | 03.2019 - 11.2021', 'Helix Analytics GmbH, Berlin, Germany'],
      'Data Analyst',
      'Helix Analytics GmbH',
      'Berlin, Germany',
      '2019-03',
      '2021-11',
    ],
    [['Acme Corp (Remote)', 'Product Designer | 2020-01 to 2022-03'], 'Product Designer', 'Acme Corp', 'Remote', '2020-01', '2022-03'],
  ])('%j', (lines, title, company, location, start, end) => {
    expect(readRoleHeader(lines)).toMatchObject({ title, company, location, start, end });
  });
});

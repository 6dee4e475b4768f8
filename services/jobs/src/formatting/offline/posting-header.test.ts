import { describe, expect, it } from 'vitest';
import { withHeaderMeta } from './posting-header.ts';

describe('posting header', () => {
  it("joins the header's facts into one meta line and makes the title above them a heading", () => {
    const lines = [
      'Northwind Freight',
      'Senior Data Engineer',
      'Berlin, Germany · 2 weeks ago · Over 100 applicants',
      '',
      'Hybrid',
      '',
      'Full-time',
      '',
      'About the job',
    ];
    expect(withHeaderMeta(lines)).toEqual([
      'Northwind Freight',
      '## Senior Data Engineer',
      'Berlin, Germany · 2 weeks ago · Over 100 applicants · Hybrid · Full-time',
      '',
      '',
      '',
      '',
      '',
      'About the job',
    ]);
  });

  it('keeps a board\'s categories written one per line ("Full-time /") and drops only their trailing separators', () => {
    const lines = ['Mechanical Engineer, Grippers', 'Boston, MA', 'Hardware – Manipulation /', 'Full-time /', 'On-site', ''];
    expect(withHeaderMeta(lines).slice(0, 2)).toEqual(['## Mechanical Engineer, Grippers', 'Boston, MA · Hardware – Manipulation · Full-time · On-site']);
  });

  it('leaves a title above its company, a single "Company · City · Contract" line, label lines and the body as they are', () => {
    const indeed = [
      'Warehouse Associate',
      'Buckeye Home Supply',
      'Columbus, OH 43219',
      '$19 - $22 an hour - Full-time',
      'Job details',
      'Pay',
      '$19 - $22 an hour',
    ];
    expect(withHeaderMeta(indeed)).toEqual([
      'Warehouse Associate',
      'Buckeye Home Supply',
      'Columbus, OH 43219 · $19 - $22 an hour - Full-time',
      '',
      'Job details',
      'Pay',
      '$19 - $22 an hour',
    ]);
    const german = ['Softwareentwickler (m/w/d) Java', 'Hanseatic Software GmbH · Hamburg · Vollzeit', '', 'Über uns'];
    expect(withHeaderMeta(german)).toEqual(german);
    const labels = ['Principal Engineer', 'Req ID: 2024-11873', 'Posted: 14 October 2024', 'Remote', 'Full-time'];
    expect(withHeaderMeta(labels)).toEqual(['Principal Engineer', 'Req ID: 2024-11873', 'Posted: 14 October 2024', 'Remote · Full-time', '']);
    const body = ['About the role', 'Hybrid', 'Full-time'];
    expect(withHeaderMeta(body)).toEqual(body);
  });
});

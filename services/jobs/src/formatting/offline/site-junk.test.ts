import { describe, expect, it } from 'vitest';
import { LINKEDIN_FURNITURE } from '@story/testing/fixtures/job-postings';
import { findJunkLines, withoutSiteAdditions, withoutTruncationTail } from './site-junk.ts';

describe('site junk', () => {
  it('drops whole button and navigation lines, whatever their case and arrows', () => {
    const lines = ['Apply now', 'SAVE JOB', '‹ Back to search results', 'Report this job', 'Show more', 'Apply now to join a team of 12'];
    expect(findJunkLines(lines)).toEqual([true, true, true, true, true, false]);
  });

  it('drops a cookie banner and its buttons, but not "Accept" far from it nor cookies that are the job', () => {
    const lines = [
      'This site uses cookies to give you the best experience.',
      'Accept',
      'Cookie settings',
      'Pastry Chef',
      'You will bake cookies and accept deliveries from 6 a.m.',
      'Accept',
    ];
    expect(findJunkLines(lines)).toEqual([true, true, true, false, false, true]);
    const farAway = ['We use cookies.', 'a', 'b', 'c', 'd', 'Accept'];
    expect(findJunkLines(farAway).at(-1)).toBe(false);
  });

  it('takes a "…see more" off the end of a truncated line and nothing else', () => {
    expect(withoutTruncationTail('Salary: €85k …see more')).toBe('Salary: €85k');
    expect(withoutTruncationTail('and much more...')).toBe('and much more...');
    expect(withoutTruncationTail('We offer more')).toBe('We offer more');
  });

  it("drops the issue's LinkedIn furniture, the recruiter line included, and keeps the posting's age and applicants", () => {
    const lines = ['Senior Data Engineer', '2 weeks ago · Over 100 applicants', ...LINKEDIN_FURNITURE, 'About the job'];
    expect(findJunkLines(lines)).toEqual([false, false, true, true, true, true, true, false]);
  });

  it('keeps lines of the posting that look like furniture', () => {
    const lines = [
      "Schedule interviews and meet the hiring team's managers every Monday",
      'Our hiring team reviews every application personally.',
      'Share weekly updates on time to hire with the People Director',
      "Report this month's hiring numbers to the leadership team",
      'Save and archive candidate files according to GDPR',
      'Message candidates within 24 hours of every interview',
      'Follow up with references',
      'Apply now to join a team of 12',
      'Over 100 colleagues across 4 hotels',
      'Skills: Go, Kubernetes, PostgreSQL',
      'Redesign the company logo',
      'Do you have experience with Kubernetes?',
      'Powered by renewable energy, our offices run on solar power.',
    ];
    expect(findJunkLines(lines)).toEqual(lines.map(() => false));
  });

  it("drops the site's nudges, upsells, counts, ratings and footers", () => {
    const lines = [
      'See how you compare to 43 applicants',
      'Skills: Microsoft Excel, SQL, Data Analysis, +5 more',
      'Try Premium for €0',
      'Matches your job preferences, workplace type is Hybrid.',
      'Promoted by hirer · Actively reviewing applicants',
      '12,408 followers',
      'Truck Transportation 1,001-5,000 employees 312 on LinkedIn',
      '3.4 out of 5 stars',
      'Employer active 1 day ago',
      'Referrals increase your chances of interviewing at Northwind Freight by 2x',
      "Not the right fit? Sign up for job alerts and we'll let you know when new roles open.",
      '© 2025 Parcelwise Lda. All rights reserved.',
      'See how you compare to over 100 other applicants. Try Premium for €0',
    ];
    expect(findJunkLines(lines)).toEqual(lines.map(() => true));
  });

  it('drops a hiring-team card, an insights widget, an application form and the other jobs after the posting, up to where the posting resumes', () => {
    const card = [
      'Meet the hiring team',
      'Jana K.',
      'Jana K.',
      ' 2nd',
      'Engineering Manager at Northwind Freight',
      'Job poster',
      'Message',
      '',
      'About the job',
    ];
    expect(findJunkLines(card)).toEqual([true, true, true, true, true, true, true, false, false]);
    const widget = ['Profile insights', 'Skills', 'Forklift', 'Do you have experience in Forklift?', 'Yes', 'No', 'Skip', 'Job details', 'Pay'];
    expect(findJunkLines(widget)).toEqual([true, true, true, true, true, true, true, false, false]);
    const form = ['Apply for this job', '* indicates a required field', 'First Name *', 'Resume/CV *', 'Attach', 'Dropbox', 'Submit application'];
    expect(findJunkLines(form)).toEqual(form.map(() => true));
    const others = ['Pay Range: $68,000 - $88,000', 'Similar Jobs (5)', 'Senior Data Analyst', 'remote type', 'Hybrid', 'Posted 10 Days Ago'];
    expect(findJunkLines(others)).toEqual([false, true, true, true, true, true]);
  });

  it("drops navigation runs, share links next to junk, an e-mail's From/Sent/To lines and a post's reactions, not a lone word of the posting", () => {
    const page = ['Home', 'Products', 'About', 'Careers', 'Blog', 'Share this job:', 'LinkedIn', 'X', 'Facebook', 'Email', 'Copy link', 'Remote', 'Careers'];
    expect(findJunkLines(page)).toEqual([...page.slice(0, -2).map(() => true), false, false]);
    const mail = [
      'From: Jana Kowalski <jana@talentbridge.io>',
      'Sent: Tuesday, 3 June 2025 10:14',
      'To: Alex Moreau',
      'Subject: Senior Data Engineer – Berlin',
      '',
      'Hi Alex,',
    ];
    expect(findJunkLines(mail)).toEqual([true, true, true, false, false, false]);
    const post = [
      'Jana K. • 2nd',
      'Engineering Manager at Northwind Freight',
      '1w • Edited •',
      'Follow',
      "We're hiring!",
      '👍❤️ 128',
      '14 comments 9 reposts',
      'Like',
      'Comment',
      'Repost',
      'Send',
    ];
    expect(findJunkLines(post)).toEqual(post.map((line) => line !== "We're hiring!"));
  });

  it('takes a board\'s badges out of a line of fields and its "- job post" off a title, and keeps everything else', () => {
    expect(withoutSiteAdditions('Rotterdam, Netherlands · Reposted 3 days ago · Promoted by hirer · 312 on LinkedIn')).toBe(
      'Rotterdam, Netherlands · Reposted 3 days ago',
    );
    expect(withoutSiteAdditions('Warehouse Associate - Second Shift - job post')).toBe('Warehouse Associate - Second Shift');
    expect(withoutSiteAdditions('Senior Talent Partner | TalentBridge')).toBe('Senior Talent Partner | TalentBridge');
    expect(withoutSiteAdditions('Salary: €85k …see more')).toBe('Salary: €85k');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTP_TEST_PASSWORD, SMTP_TEST_USER, startFakeSmtpServer, type FakeSmtpServer } from '../../test/support/fake-smtp-server.ts';
import { SmtpMailer, smtpOptionsOf } from './smtp.mailer.ts';

/** The SMTP mailer (issue 39, 6): nodemailer, the real client, against an SMTP server on a local port. */
let smtp: FakeSmtpServer;
beforeAll(async () => {
  smtp = await startFakeSmtpServer({ refuse: ['gone@gmail.com'] });
});
afterAll(async () => {
  await smtp?.stop();
});

const LONG_LINK = `https://story.example/reset-password#token=${'A1b2-C3d4_'.repeat(4)}xyz`;

describe('SmtpMailer', () => {
  it('logs in with the credentials of SMTP_URL and delivers the message whole, long link included', async () => {
    const mailer = new SmtpMailer(smtp.url, 'Story Platform <no-reply@story.test>');
    try {
      await mailer.send({ to: 'ada@gmail.com', subject: 'Reset your Story Platform password', text: `Hello Ada,\n\nOpen this link:\n\n${LONG_LINK}\n` });
    } finally {
      mailer.close();
    }
    const mail = await smtp.next();
    expect(mail.from).toBe('no-reply@story.test');
    expect(mail.to).toEqual(['ada@gmail.com']);
    expect(mail.subject).toBe('Reset your Story Platform password');
    expect(mail.text).toContain(`\n${LONG_LINK}\n`);
  });

  it('fails when the server refuses the recipient, or the login', async () => {
    const refusing = new SmtpMailer(smtp.url, 'no-reply@story.test');
    await expect(refusing.send({ to: 'gone@gmail.com', subject: 'Hi', text: 'Hi' })).rejects.toThrow(/No such mailbox|refused/);
    refusing.close();
    const wrongLogin = new SmtpMailer(smtp.url.replace(encodeURIComponent(SMTP_TEST_PASSWORD), 'wrong'), 'no-reply@story.test');
    await expect(wrongLogin.send({ to: 'ada@gmail.com', subject: 'Hi', text: 'Hi' })).rejects.toThrow(/Invalid username or password/);
    wrongLogin.close();
  });
});

describe('smtpOptionsOf', () => {
  it('reads host, port, TLS and the decoded login from the URL', () => {
    expect(smtpOptionsOf(smtp.url)).toMatchObject({ host: '127.0.0.1', secure: false, auth: { user: SMTP_TEST_USER, pass: SMTP_TEST_PASSWORD } });
    expect(smtpOptionsOf('smtps://mail.example.com')).toMatchObject({ host: 'mail.example.com', port: 465, secure: true });
    expect(smtpOptionsOf('smtp://mail.example.com')).toMatchObject({ port: 587, secure: false });
    expect(smtpOptionsOf('smtp://mail.example.com:2525').auth).toBeUndefined();
  });
});

import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LogMailer } from './log.mailer.ts';

/** Without SMTP_URL (issue 39, 6): the e-mail goes to the log, its link readable in the message a terminal shows. */
describe('LogMailer', () => {
  it('writes the recipient, the subject and every link into one info line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    const link = 'http://localhost:8080/reset-password#token=abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123_-x';
    await new LogMailer(app.log).send({ to: 'ada@gmail.com', subject: 'Reset your Story Platform password', text: `Open this link:\n\n${link}\n\nThanks` });
    await app.close();
    const entry = JSON.parse(lines.find((line) => line.includes('not sent')) ?? '{}') as { level: number; msg: string; mail: unknown };
    expect(entry.level).toBe(30);
    expect(entry.msg).toBe(`E-mail to ada@gmail.com not sent (SMTP_URL is not set): "Reset your Story Platform password" ${link}`);
    expect(entry.mail).toEqual({ to: 'ada@gmail.com', subject: 'Reset your Story Platform password', links: [link] });
  });
});

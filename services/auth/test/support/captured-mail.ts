import type { Mailer, OutgoingMail } from '../../src/mail/mailer.ts';

/** A mailer that keeps what it is given, for tests that read the e-mails a service sends (SMTP itself is tested in `smtp.mailer.test.ts`). */
export interface CapturedMail extends Mailer {
  readonly sent: OutgoingMail[];
  /** The next e-mail to `to` (one sent already and not yet taken, or the next to come). */
  next(to: string): Promise<OutgoingMail>;
  /** Every e-mail to `to` not yet taken. */
  take(to: string): OutgoingMail[];
}

/** A fresh captured mailbox. */
export function capturedMail(): CapturedMail {
  const sent: OutgoingMail[] = [];
  const untaken: OutgoingMail[] = [];
  const waiting: { to: string; resolve: (mail: OutgoingMail) => void }[] = [];
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  return {
    kind: 'smtp',
    sent,
    async send(mail) {
      sent.push(mail);
      const waiter = waiting.findIndex((entry) => same(entry.to, mail.to));
      if (waiter >= 0) waiting.splice(waiter, 1)[0]?.resolve(mail);
      else untaken.push(mail);
    },
    next(to) {
      const index = untaken.findIndex((mail) => same(mail.to, to));
      if (index >= 0) return Promise.resolve(untaken.splice(index, 1)[0] as OutgoingMail);
      return new Promise((resolve) => waiting.push({ to, resolve }));
    },
    take(to) {
      const mine = untaken.filter((mail) => same(mail.to, to));
      for (const mail of mine) untaken.splice(untaken.indexOf(mail), 1);
      return mine;
    },
    close: () => undefined,
  };
}

/** The token of the reset link in an e-mail's text (`…/reset-password#token=…`). */
export function resetTokenIn(mail: OutgoingMail): string {
  const match = /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no reset link in: ${mail.text}`);
  return match[1];
}

/** An e-mail the product sends: plain text, to one person. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Where e-mails go: an SMTP server (`SMTP_URL`), or the service's log when none is configured. */
export interface Mailer {
  readonly kind: 'smtp' | 'log';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

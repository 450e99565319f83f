import nodemailer, { type Transporter } from 'nodemailer';

import { BRAND } from '../../src/lib/brand.ts';
import { escapeHtml, linkify } from '../auth/html.ts';
import type { MailConfig } from '../config.ts';
import type { MessageKind } from '../db/schema.ts';
import { SendError, type OutgoingMessage } from './send-error.ts';

/** The closing line of each kind of mail: one template per kind, the brand from its one constant. */
const MAIL_TEMPLATES: Record<MessageKind, { footer: string }> = {
  code: { footer: `You asked to sign in to ${BRAND.name}. If you did not, ignore this mail.` },
  reset: {
    footer: `Someone asked to reset your ${BRAND.name} password. If it was not you, ignore this mail: nothing changes.`,
  },
  invitation: { footer: `You were invited to ${BRAND.name}. If you did not expect this, ignore this mail.` },
  bulk: { footer: `Sent by ${BRAND.name}.` },
  notice: { footer: `Sent by ${BRAND.name}.` },
  reply: { footer: `Sent by ${BRAND.name}.` },
};

/** The plain-text and HTML parts of a mail: the same words, links as links, no images, no tracking. */
export function renderMail(kind: MessageKind, subject: string, text: string): { text: string; html: string } {
  const { footer } = MAIL_TEMPLATES[kind];
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${linkify(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f4;font-family:Arial,Helvetica,sans-serif;color:#1f2328">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${escapeHtml(BRAND.name)}</p>
${paragraphs}
<p style="margin:24px 0 0;font-size:12px;color:#59636e">${escapeHtml(footer)}</p>
</div>
</body>
</html>`;
  return { text: `${text}\n\n-- \n${footer}\n`, html };
}

/** The domain of MAIL_FROM, for Message-IDs. */
const domainOf = (from: string) => /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

/**
 * Mail over SMTP with nodemailer: SMTP_URL in nodemailer's URL form (smtp:// upgrades with
 * STARTTLS when the server offers it; smtps:// is TLS from the start). One pooled transport per relay.
 */
export class MailSender {
  private readonly transport: Transporter;
  private readonly domain: string;

  constructor(private readonly config: MailConfig) {
    const url = new URL(config.smtpUrl);
    url.searchParams.set('pool', 'true');
    this.transport = nodemailer.createTransport(url.toString());
    this.domain = domainOf(config.from);
  }

  async send(msg: OutgoingMessage): Promise<string> {
    const subject = msg.subject ?? BRAND.name;
    const { text, html } = renderMail(msg.kind, subject, msg.body);
    // One Message-ID per outbox row: a copy sent again after a crash carries the same id, which
    // mail clients show once (decision 0086).
    const messageId = `<outbox-${msg.id}.${msg.createdAt.getTime()}@${this.domain}>`;
    try {
      const info = await this.transport.sendMail({
        from: this.config.from,
        to: msg.recipient,
        subject,
        text,
        html,
        messageId,
      });
      return info.messageId || messageId;
    } catch (err) {
      const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
      // A 5xx answer is a refusal that sending again will not change (a bad address, a policy).
      const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
      const detail = e.responseCode
        ? `SMTP ${e.responseCode}: ${(e.response ?? e.message ?? '').slice(0, 300)}`
        : `SMTP ${e.code ?? 'error'}: ${(e.message ?? '').slice(0, 300)}`;
      throw new SendError(detail, permanent);
    }
  }

  close(): void {
    this.transport.close();
  }
}

import type { MessageKind } from '../db/schema.ts';

/** An outbox row as a sender sees it. */
export interface OutgoingMessage {
  id: number;
  kind: MessageKind;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: Date;
}

/** A provider's refusal: permanent ones (SMTP 5xx, Twilio 4xx) are not tried again. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

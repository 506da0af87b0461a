import { z } from 'zod';
import { TICKET_MESSAGE_MAX_LENGTH, TICKET_SUBJECT_LENGTH } from './constants.js';

import { successEnvelope, ZMultiLineText, ZSingleLineText } from './common.js';

/** Spec 001 §5 and §9: the subject is the first 60 characters of the first message. */
/** Header that carries an anonymous visitor's ticket secret. */
export const TICKET_SECRET_HEADER = 'x-ticket-secret';

/** Trimmed, never empty or only whitespace, at most 2,000 characters. */
export const ZTicketMessageText = ZMultiLineText.trim()
  .min(1, { message: 'The message is empty' })
  .max(TICKET_MESSAGE_MAX_LENGTH, { message: `The message is longer than ${TICKET_MESSAGE_MAX_LENGTH} characters` });

export const ZTicketStatus = z.enum(['open', 'closed']);
export type TicketStatus = z.infer<typeof ZTicketStatus>;

export const ZTicketMetadataInput = z.object({
  source: ZSingleLineText.trim().max(50).optional(),
  browser: ZSingleLineText.trim().max(500).optional(),
  page_url: ZSingleLineText.trim().max(2000).optional(),
});

export const ZCreateTicketRequest = z.object({
  /** Optional: the server applies the subject rule to the description when it is missing. */
  subject: ZSingleLineText.trim()
    .min(1)
    .max(TICKET_SUBJECT_LENGTH + 3)
    .optional(),
  description: ZTicketMessageText,
  category: z.literal('general').default('general'),
  metadata: ZTicketMetadataInput.default({}),
});
export type CreateTicketRequest = z.input<typeof ZCreateTicketRequest>;

export const ZCreateTicketResponse = successEnvelope(
  z.object({
    id: z.uuid(),
    /** Only for a visitor who is not signed in: send it as X-Ticket-Secret to open the ticket. */
    secret: z.string().optional(),
  }),
);
export type CreateTicketResponse = z.infer<typeof ZCreateTicketResponse>;

export const ZAddTicketMessageRequest = z.object({
  message: ZTicketMessageText,
  message_type: z.literal('message').default('message'),
});
export type AddTicketMessageRequest = z.input<typeof ZAddTicketMessageRequest>;

export const ZTicketMessage = z.object({
  id: z.uuid(),
  user_id: z.uuid().nullable(),
  /** Who wrote it: the ticket's customer (its creator) or a support agent. */
  author_role: z.enum(['customer', 'agent']),
  message: z.string(),
  message_type: z.literal('message'),
  created_at: z.string(),
});
export type TicketMessage = z.infer<typeof ZTicketMessage>;

export const ZTicket = z.object({
  id: z.uuid(),
  subject: z.string(),
  description: z.string(),
  category: z.literal('general'),
  status: ZTicketStatus,
  // Not the input schema: rows stored before a rule changed must still be readable.
  metadata: z.object({
    source: z.string().optional(),
    browser: z.string().optional(),
    page_url: z.string().optional(),
    created_by: z.string(),
  }),
  user_id: z.uuid().nullable(),
  /** The customer's e-mail address, shown to agents only (null otherwise or for a visitor). */
  customer_email: z.string().nullable(),
  created_at: z.string(),
  last_activity_at: z.string(),
  conversations: z.array(ZTicketMessage),
});
export type Ticket = z.infer<typeof ZTicket>;

export const ZTicketResponse = successEnvelope(ZTicket);
export type TicketResponse = z.infer<typeof ZTicketResponse>;

export const ZAddTicketMessageResponse = successEnvelope(ZTicketMessage);
export type AddTicketMessageResponse = z.infer<typeof ZAddTicketMessageResponse>;

export const ZTicketListQuery = z.object({ status: ZTicketStatus.optional() });
export type TicketListQuery = z.infer<typeof ZTicketListQuery>;

export const ZTicketSummary = z.object({
  id: z.uuid(),
  subject: z.string(),
  status: ZTicketStatus,
  customer_email: z.string().nullable(),
  created_at: z.string(),
  last_activity_at: z.string(),
  /** True when the newest message is the customer's, so an agent owes a reply. */
  awaiting_agent: z.boolean(),
  message_count: z.number().int(),
});
export type TicketSummary = z.infer<typeof ZTicketSummary>;

export const ZTicketListResponse = successEnvelope(z.object({ tickets: z.array(ZTicketSummary) }));
export type TicketListResponse = z.infer<typeof ZTicketListResponse>;

export const ZUpdateTicketStatusRequest = z.object({ status: ZTicketStatus });
export type UpdateTicketStatusRequest = z.infer<typeof ZUpdateTicketStatusRequest>;

export const ZTicketIdParams = z.object({ ticketId: z.uuid() });

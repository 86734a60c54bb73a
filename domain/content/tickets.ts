/**
 * Work-ticket rules (accounts-and-enterprise.md §3, §4, §5, §9), shared by the form and the server:
 * the fields and their limits, the screenshot rule, and which action each state allows.
 *
 * States: pending 待处理 (new) → process 处理中 (the service desk took it) → stop 已关闭 (answered,
 * with a reason). A pending ticket may also be closed at once. The service desk answers (reply) an
 * open ticket as often as it needs; answering a pending ticket takes it (→ process), so the
 * enterprise cannot delete a ticket with an answer it has not read. The enterprise may delete its
 * tickets while pending or closed, not while the service desk is working on one.
 */
import type { FieldError } from '../envelope.ts';
import { charLength } from '../bills/validation.ts';
import { ticketStateNames, ticketText as t, ticketTypeOptions } from '../texts/tickets.ts';

export const TICKET_TITLE_MAX = 100;
export const TICKET_CONTENT_MAX = 255;
export const TICKET_TELEPHONE_MAX = 255;
export const TICKET_REASON_MAX = 500;
/** a reply of the service desk (its column holds 500, like the closing reason) */
export const TICKET_REPLY_MAX = 500;
/** §5 image upload: JPG or PNG under 2 MB */
export const TICKET_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const TICKET_IMAGES_MAX = 5;
export const TICKET_BATCH_MAX = 100;

export const TICKET_STATES = ['pending', 'process', 'stop'] as const;
export type TicketState = (typeof TICKET_STATES)[number];
export type TicketAction = 'delete' | 'process' | 'reply' | 'close';

const allowed: Record<TicketState, readonly TicketAction[]> = {
  pending: ['delete', 'process', 'reply', 'close'],
  process: ['reply', 'close'],
  stop: ['delete'],
};
const reached: Partial<Record<TicketAction, TicketState>> = { process: 'process', reply: 'process', close: 'stop' };

/** §4: any value other than pending and process shows as closed. */
export function ticketStateName(state: string): string {
  return state === 'pending' || state === 'process' ? ticketStateNames[state] : ticketStateNames.stop;
}

export const ticketTypeName = (type: string): string => ticketTypeOptions.find((o) => o.value === type)?.label ?? '';

export function ticketAccepts(state: string, action: TicketAction): boolean {
  return (allowed[state as TicketState] ?? allowed.stop).includes(action);
}

/** The state an accepted action leads to (delete removes the ticket: no state). */
export const ticketStateAfter = (action: TicketAction): TicketState | undefined => reached[action];

export interface TicketValues { ticketType?: unknown; ticketTitle?: unknown; ticketContent?: unknown; telephone?: unknown }

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Every problem of the form, one per field, in the form's order. */
export function ticketProblems(values: TicketValues): FieldError[] {
  const errors: FieldError[] = [];
  const type = text(values.ticketType);
  if (!ticketTypeOptions.some((o) => o.value === type)) errors.push({ field: 'ticketType', message: t.typeRequired });
  const title = text(values.ticketTitle);
  if (!title) errors.push({ field: 'ticketTitle', message: t.titleRequired });
  else if (charLength(title) > TICKET_TITLE_MAX) errors.push({ field: 'ticketTitle', message: t.titleTooLong });
  const content = text(values.ticketContent);
  if (!content) errors.push({ field: 'ticketContent', message: t.contentRequired });
  else if (charLength(content) > TICKET_CONTENT_MAX) errors.push({ field: 'ticketContent', message: t.contentTooLong });
  const phone = text(values.telephone);
  if (!phone) errors.push({ field: 'telephone', message: t.telephoneRequired });
  else if (charLength(phone) > TICKET_TELEPHONE_MAX) errors.push({ field: 'telephone', message: t.telephoneTooLong });
  return errors;
}

/** The screenshot rule, on what the browser knows before uploading (name and size). */
export function screenshotProblem(name: string, size: number): string | undefined {
  if (!/\.(jpe?g|png)$/i.test(name)) return t.imageType;
  if (size > TICKET_IMAGE_MAX_BYTES) return t.imageSize;
  return undefined;
}

/**
 * What the toast of a customs answer says (issue 16): a bill of the company moved into a state in
 * which customs has answered (domain/events.ts isCustomsAnswer). The event is a hint: the bill's
 * number and, for a refusal, customs' reason are read from the bill itself (its detail call), which
 * also keeps a bill the user may not open from being toasted (the call is refused: no toast).
 */
import { findBill } from '../../../domain/bills/index.ts';
import { customsRefusalStates, type BillChangedEvent } from '../../../domain/events.ts';
import { billServerText } from '../../../domain/texts/bills.ts';
import { eventsText } from '../../../domain/texts/events.ts';
import { ENTERPRISE_PREFIX } from '../../features/bills/detail/api.ts';
import type { Http } from '../../lib/http.ts';

export interface CustomsAnswer {
  /** one toast per bill and state, however often the stream repeats it */
  id: string;
  text: string;
  /** the state's name (a batch's summary counts by it) */
  stateName: string;
  refused: boolean;
  /** the bill's address: /bill/{mode}/{key}?id= opens its detail (src/app/bill-redirect.ts) */
  path: string;
  bill: Pick<BillChangedEvent, 'mode' | 'key' | 'id'>;
}

export async function describeAnswer(event: BillChangedEvent, client: Pick<Http, 'post'>): Promise<CustomsAnswer | null> {
  const definition = findBill(event.mode, event.key);
  if (!definition) return null;
  let row: Record<string, unknown>;
  try {
    row = await client.post<Record<string, unknown>>(`${ENTERPRISE_PREFIX}${definition.api.detail}`, { id: event.id });
  } catch {
    return null;
  }
  const reason = typeof row.returnInfo === 'string' ? row.returnInfo.trim() : '';
  // 改为退单 is the user's own action (issue 31): no 海关回执 for it
  if (reason === billServerText.markedReturnedInfo) return null;
  const refused = customsRefusalStates.has(event.state);
  const number = row[definition.titleField];
  const text = eventsText.customsAnswered(definition.label, typeof number === 'string' || typeof number === 'number' ? String(number) : '', event.stateName);
  return {
    id: `customs:${event.id}:${event.state}`,
    text: refused && reason ? eventsText.withReason(text, reason) : text,
    stateName: event.stateName,
    refused,
    path: `/bill/${event.mode}/${event.key}?id=${event.id}`,
    bill: { mode: event.mode, key: event.key, id: event.id },
  };
}

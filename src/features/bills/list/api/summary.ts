/**
 * The list's summary figure (bills §2: the 税单's 税款总额 … 元 人民币; §7: POST /invtTax/queryTotalTax
 * with terms): the definition's `list.summary.api` — a BillApi key, or a path of its own — under
 * /api/enterprise, asked with the list's terms. The answer is the figure itself (a number or a
 * numeric string); an object answer gives its first field.
 */
import type { BillDefinition, ListSummary } from '../../../../../domain/bills/types.ts';
import type { Term } from '../../../../../domain/query.ts';
import type { Http } from '../../../../lib/http.ts';
import { ENTERPRISE } from './list.ts';

export function summaryPath(definition: BillDefinition, summary: ListSummary): string {
  const path = summary.api.startsWith('/') ? summary.api : definition.api[summary.api as keyof BillDefinition['api']];
  if (!path) throw new Error(`${definition.label}: no api.${summary.api} for the list summary`);
  return `${ENTERPRISE}${path}`;
}

export function summaryValue(answer: unknown): string {
  const value = typeof answer === 'object' && answer !== null ? Object.values(answer)[0] : answer;
  return value === null || value === undefined ? '0' : String(value);
}

export async function fetchSummary(client: Http, definition: BillDefinition, summary: ListSummary, terms: Term[], signal?: AbortSignal): Promise<string> {
  return summaryValue(await client.post<unknown>(summaryPath(definition, summary), { terms }, { signal }));
}

/** `税款总额 {value} 元 人民币` with the figure in. */
export const summaryText = (label: string, value: string): string => label.replaceAll('{value}', value);

/**
 * Bill addresses that lead elsewhere before any page renders (a route loader, so neither the tab
 * strip nor the login guard ever sees the old address):
 * - /bill/{mode}/{key}?id=… is that bill's detail (bills §2: "/bill/{type}/{key} with id is also
 *   used for detail"): it becomes /details/{mode}/{key}?id=… with the same query, one detail page
 *   and one tab for a bill however it was linked;
 * - a renamed key (/bill/import/payment) leads to its new address, query kept.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { billAddress } from '../../domain/bills/bill-address.ts';

export type BillPage = 'bill' | 'details';

export function billRedirect(page: BillPage, mode: string, key: string, search: string): string | null {
  const route = billAddress(mode, key);
  if (route.kind === 'moved') return `/${page}/${mode}/${route.key}${search}`;
  if (page === 'bill' && route.kind === 'bill' && new URLSearchParams(search).get('id')) return `/details/${mode}/${key}${search}`;
  return null;
}

export const billRedirectLoader = (page: BillPage) => ({ request, params }: LoaderFunctionArgs) => {
  const to = billRedirect(page, params.type ?? '', params.key ?? '', new URL(request.url).search);
  return to ? redirect(to) : null;
};

/**
 * Route /details/{type}/{key}?id=..&startTime=..&endTime=.. (bills §2): the bill type comes from
 * the registry (findBill); an unknown one is a 404. Without an id the page adds a bill.
 */
import { useMemo } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { billRoute } from '../../../../domain/bills/bill-route.ts';
import { NotApplicablePage } from '../shared/NotApplicablePage.tsx';
import { BillDetail } from './BillDetail.tsx';
import { billRefOf } from './bill-ref.ts';

export default function BillDetailPage() {
  const { type = '', key = '' } = useParams();
  const [search] = useSearchParams();
  const route = billRoute(type, key);
  const bill = useMemo(() => billRefOf(search), [search]);
  if (route.kind === 'notApplicable') return <NotApplicablePage mode={route.mode} />;
  if (route.kind !== 'bill') return <Navigate to="/404" replace />;
  const { definition } = route;
  // The machine is created once per mount, with the bill the page opened. Another bill is another
  // page (the layout keeps one per address), so the address is not in the key: a new bill replacing
  // its add-page address after its first save stays the same page, state and all.
  return <BillDetail key={`${type}/${key}`} definition={definition} bill={bill} />;
}

/**
 * Route /bill/{type}/{key} (bills §2): the definition findBill(type, key) finds drives the list;
 * a bill type only the other mode has says it does not apply; an unknown bill is the 404 page. A
 * list that is not a registered bill (签名记录) is given by the route that hosts it. An address with
 * an id or an old key never gets here: the route's loader redirects it (src/app/bill-redirect.ts).
 */
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { billRoute } from '../../../../domain/bills/bill-route.ts';
import type { BillDefinition } from '../../../../domain/bills/types.ts';
import NotFoundPage from '../../../app/pages/NotFoundPage.tsx';
import { NotApplicablePage } from '../shared/NotApplicablePage.tsx';
import { BillList } from './BillList.tsx';

export default function BillListPage({ definition: given }: { definition?: BillDefinition }) {
  const { type = '', key = '' } = useParams();
  const route = given ? null : billRoute(type, key);
  const definition = given ?? (route?.kind === 'bill' ? route.definition : undefined);
  const navigate = useNavigate();
  // one stable callback: the list (memoized, kept alive in its tab) never re-renders for it
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  const onNavigate = useCallback((to: string) => {
    void latest.current(to);
  }, []);
  if (route?.kind === 'notApplicable') return <NotApplicablePage mode={route.mode} />;
  if (!definition) return <NotFoundPage />;
  return <BillList key={`${definition.mode}/${definition.key}`} definition={definition} onNavigate={onNavigate} />;
}

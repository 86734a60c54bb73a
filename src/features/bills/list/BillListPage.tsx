/**
 * Route /bill/{type}/{key} (bills §2): the definition findBill(type, key) finds drives the list;
 * an unknown bill is the 404 page. A list that is not a registered bill (签名记录) is given by the
 * route that hosts it.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { findBill } from '../../../../domain/bills/index.ts';
import type { BillDefinition } from '../../../../domain/bills/types.ts';
import NotFoundPage from '../../../app/pages/NotFoundPage.tsx';
import { BillList } from './BillList.tsx';

export default function BillListPage({ definition: given }: { definition?: BillDefinition }) {
  const { type = '', key = '' } = useParams();
  const definition = given ?? findBill(type, key);
  const navigate = useNavigate();
  // one stable callback: the list (memoized, kept alive in its tab) never re-renders for it
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  const onNavigate = useCallback((to: string) => {
    void latest.current(to);
  }, []);
  if (!definition) return <NotFoundPage />;
  return <BillList key={`${definition.mode}/${definition.key}`} definition={definition} onNavigate={onNavigate} />;
}

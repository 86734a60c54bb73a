/**
 * Rows of a detail read page by page (a settlement's inventories, an application's waybills or
 * results): reloads when the record or `version` changes (after a decision); a failed read is a toast.
 */
import { useEffect, useState } from 'react';
import { notifyError } from '../../../lib/notify.ts';

export interface Paged<T> { total: number; datas: T[] }

export function usePaged<T, P extends Paged<T> = Paged<T>>(load: ((pageIndex: number, pageSize: number) => Promise<P>) | null, pageSize: number, version: unknown) {
  const [pageIndex, setPageIndex] = useState(0);
  const [page, setPage] = useState<P | null>(null);
  useEffect(() => { setPageIndex(0); }, [load]);
  useEffect(() => {
    if (!load) { setPage(null); return; }
    let live = true;
    load(pageIndex, pageSize).then((p) => { if (live) setPage(p); }, (e: unknown) => { if (live) notifyError(e); });
    return () => { live = false; };
  }, [load, pageIndex, pageSize, version]);
  return { page, pageIndex, setPageIndex, pageSize };
}

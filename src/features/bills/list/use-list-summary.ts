/**
 * The list's summary figure (ListConfig.summary), kept in step with the list: asked with the list's
 * terms (conditions and state filter) whenever a load ends after the counts were asked too (new
 * conditions, 刷新, after a batch action) or with other terms (the state filter); paging and
 * sorting change neither. A failure toasts and leaves the last figure out.
 */
import { useEffect, useState } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { BillDefinition } from '../../../../domain/bills/types.ts';
import { listRequest, type BillListMachine } from '../../../../machines/bill-list.ts';
import type { Http } from '../../../lib/http.ts';
import { notifyError } from '../../../lib/notify.ts';
import { fetchSummary, summaryText } from './api/summary.ts';

export function useListSummary(actor: ActorRefFrom<BillListMachine>, definition: BillDefinition, client: Http): string | null {
  const summary = definition.list.summary;
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!summary) return undefined;
    let stale = true; // the first load asks for the counts before this effect subscribes
    let askedFor: string | null = null;
    let call: AbortController | null = null;
    const follow = (s: SnapshotFrom<BillListMachine>) => {
      if (s.hasTag('countsLoading')) stale = true;
      if (!s.hasTag('ready')) return;
      const terms = listRequest(s.context).terms ?? [];
      const key = JSON.stringify(terms);
      if (!stale && key === askedFor) return;
      stale = false;
      askedFor = key;
      call?.abort();
      const mine = new AbortController();
      call = mine;
      fetchSummary(client, definition, summary, terms, mine.signal).then(
        (value) => { if (!mine.signal.aborted) setText(summaryText(summary.label, value)); },
        (error: unknown) => {
          if (mine.signal.aborted) return;
          setText(null);
          notifyError(error);
        },
      );
    };
    const subscription = actor.subscribe(follow);
    follow(actor.getSnapshot());
    return () => {
      subscription.unsubscribe();
      call?.abort();
    };
  }, [actor, definition, summary, client]);
  return text;
}

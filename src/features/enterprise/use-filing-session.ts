/**
 * Keeps the page and the session in step with the filing (issue 6: the company's code reaches the
 * logged-in session without a new login).
 *
 * - While the filing is under review (approveState 5) and the page only shows it, the filing state
 *   is read again every `pollMs`; when the reviewer (or the sandbox) has decided, the page reloads
 *   through its machine (user.refresh), so 审核中 turns into 备案通过 in front of the user.
 * - Whenever the loaded record's companyCode differs from the session's (a filing approved since
 *   the login), the session is refreshed (auth machine `session.refresh`): the refresh answers the
 *   user as now stored with new tokens, so the side menu, the bill pages and the server's checks
 *   see the code at once. A server that answers no userInfo leaves the session as it was, and the
 *   effect does not run again until the record or the session changes, so it cannot loop.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { APPROVE_STATE } from '../../../domain/enterprise/approval.ts';
import type { EnterpriseMachine } from '../../../machines/enterprise.ts';
import { useAuthActor, useUserInfo } from '../../lib/auth-context.tsx';
import type { EnterpriseApi } from './api.ts';

/** How often a filing under review is read again while its page is open. */
export const FILING_POLL_MS = 3000;

export function useFilingSession(actor: ActorRefFrom<EnterpriseMachine>, api: Pick<EnterpriseApi, 'load'>, pollMs = FILING_POLL_MS): void {
  const auth = useAuthActor();
  const sessionCode = useUserInfo()?.companyCode ?? null;
  const record = useSelector(actor, (s) => s.context.record);
  const viewing = useSelector(actor, (s) => s.matches('view'));
  const reviewing = record !== null && Number(record.approveState) === APPROVE_STATE.reviewing;
  const recordCode = record === null ? undefined : ((record.companyCode as string | null | undefined) ?? null);

  useEffect(() => {
    if (recordCode === undefined || recordCode === sessionCode) return;
    auth.send({ type: 'session.refresh' });
  }, [auth, recordCode, sessionCode]);

  useEffect(() => {
    if (!viewing || !reviewing) return undefined;
    let stopped = false;
    const timer = setInterval(() => {
      api.load().then((fresh) => {
        if (!stopped && Number(fresh.approveState) !== APPROVE_STATE.reviewing) actor.send({ type: 'user.refresh' });
      }, () => undefined); // a failed read is tried again at the next tick
    }, pollMs);
    return () => { stopped = true; clearInterval(timer); };
  }, [actor, api, viewing, reviewing, pollMs]);
}

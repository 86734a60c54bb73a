/**
 * The enterprise page keeps the session in step with the filing: a filing under review is read
 * again until the decision, which reloads the page; a record whose companyCode differs from the
 * session's refreshes the session (the refresh answers the stored user), once.
 */
import { useActorRef } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine } from '../../../machines/auth.ts';
import { enterpriseMachine, type EnterpriseDetail } from '../../../machines/enterprise.ts';
import { sessionFixture } from '../../testing/auth.ts';
import { render, waitFor } from '../../testing/render.tsx';
import { useFilingSession } from './use-filing-session.ts';

/** An auth actor whose refresh answers the user with this code (undefined: an answer without userInfo). */
function authWith(refreshedCode: string | undefined) {
  const calls = { refresh: 0 };
  const machine = authMachine.provide({
    actors: {
      refresh: fromPromise(async () => {
        calls.refresh += 1;
        const tokens = { token: `access-${calls.refresh + 1}`, refreshToken: `refresh-${calls.refresh + 1}` };
        return refreshedCode === undefined ? tokens : { ...tokens, userInfo: { ...sessionFixture().userInfo, companyCode: refreshedCode } };
      }),
      login: fromPromise(async () => sessionFixture()),
      logout: fromPromise<void, { refreshToken: string | null }>(async () => {}),
    },
    actions: { saveSession: () => {}, clearSession: () => {}, navigate: () => {} },
  });
  return { actor: createActor(machine, { input: { session: sessionFixture({ companyCode: null }) } }).start(), calls };
}

/** A server whose filing is under review for `reviewReads` reads, then approved with a code. */
function server(reviewReads: number) {
  let reads = 0;
  const load = async (): Promise<EnterpriseDetail> => {
    reads += 1;
    return reads <= reviewReads ? { approveState: 5, companyCode: null } : { approveState: 2, companyCode: '3302968Y1F' };
  };
  return { load, reads: () => reads };
}

function Page({ api }: { api: { load: () => Promise<EnterpriseDetail> } }) {
  const actor = useActorRef(enterpriseMachine.provide({ actors: { load: fromPromise(() => api.load()) } }));
  useFilingSession(actor, api, 20);
  return <output data-testid="state">{actor.getSnapshot().value as string}</output>;
}

describe('useFilingSession', () => {
  it('watches a filing under review; the approval reaches the page and then the session, with one refresh', async () => {
    const api = server(3);
    const { actor, calls } = authWith('3302968Y1F');
    render(<Page api={api} />, { actor });
    await waitFor(() => expect(actor.getSnapshot().context.userInfo?.companyCode).toBe('3302968Y1F'), { timeout: 3000 });
    expect(api.reads()).toBeGreaterThanOrEqual(5); // first load, the polls under review, the poll that saw the decision, the reload
    expect(calls.refresh).toBe(1);
    const readsAfter = api.reads();
    await new Promise((r) => setTimeout(r, 100));
    expect(api.reads()).toBe(readsAfter); // filed: no more polling
    expect(calls.refresh).toBe(1); // the session has the code: no more refreshing
  });

  it('refreshes nothing while the record and the session agree', async () => {
    const { actor, calls } = authWith('3302968Y1F');
    const agreeing = { load: async (): Promise<EnterpriseDetail> => ({ approveState: 0, companyCode: null }) };
    render(<Page api={agreeing} />, { actor });
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.refresh).toBe(0);
  });

  it('asks once when the refresh brings no user (an older server): no loop', async () => {
    const { actor, calls } = authWith(undefined);
    const filed = { load: async (): Promise<EnterpriseDetail> => ({ approveState: 2, companyCode: '3302968Y1F' }) };
    render(<Page api={filed} />, { actor });
    await waitFor(() => expect(calls.refresh).toBe(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.refresh).toBe(1);
    expect(actor.getSnapshot().context.userInfo?.companyCode).toBeNull();
  });
});

/**
 * A workflow page's actor (machines/workflow-page.ts) with the real effects: the page's list and
 * action calls, and toasts. The effects are read at call time, so they may close over the page's
 * latest values (the company code, the router).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { workflowPageMachine, type WorkflowAction, type WorkflowPage, type WorkflowPending, type WorkflowQuery } from '../../machines/workflow-page.ts';
import type { LiveEvent } from '../../domain/events.ts';
import { liveEvents } from './live-events.ts';
import { notifySuccess, notifyWarning } from './notify.ts';

export interface WorkflowEffects {
  load: (query: WorkflowQuery) => Promise<WorkflowPage>;
  act: (pending: WorkflowPending) => Promise<unknown>;
}
type Notify = (kind: 'success' | 'warning', message: string) => void;
const toast: Notify = (kind, message) => (kind === 'success' ? notifySuccess(message) : notifyWarning(message));

export function provideWorkflowPage(effects: () => WorkflowEffects, notify: Notify = toast) {
  return workflowPageMachine.provide({
    actors: {
      load: fromPromise<WorkflowPage, WorkflowQuery>(({ input }) => effects().load(input)),
      act: fromPromise<unknown, WorkflowPending>(({ input }) => effects().act(input)),
    },
    actions: { notify: (_, { kind, message }) => notify(kind, message) },
  });
}

/**
 * `follows`: which live events concern the page's records (src/lib/live-events.ts touchesRecords,
 * touchesQueue); each one is `live.changed` for the machine, which decides whether to read again.
 */
export function useWorkflowPage(effects: WorkflowEffects, input: { pageSize: number; terms?: unknown }, follows?: (event: LiveEvent) => boolean) {
  const latest = useRef(effects);
  latest.current = effects;
  const follow = useRef(follows);
  follow.current = follows;
  const [machine] = useState(() => provideWorkflowPage(() => latest.current));
  const actor = useActorRef(machine, { input });
  useEffect(() => liveEvents.subscribe((event) => {
    if (follow.current?.(event)) actor.send({ type: 'live.changed' });
  }), [actor]);
  return actor;
}

type WorkflowActor = ReturnType<typeof useWorkflowPage>;

/** What a workflow page shows, read from its actor. */
export function useWorkflowView<Row>(actor: WorkflowActor) {
  const rows = useSelector(actor, (s) => s.context.rows) as unknown as Row[];
  const total = useSelector(actor, (s) => s.context.total);
  const query = useSelector(actor, (s) => s.context.query);
  const selected = useSelector(actor, (s) => s.context.selected);
  const pending = useSelector(actor, (s) => (s.hasTag('dialog') || s.matches('submitting') ? s.context.pending : null));
  const problem = useSelector(actor, (s) => (s.hasTag('dialog') ? s.context.problem : null));
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('reloading'));
  const noticing = useSelector(actor, (s) => s.matches('noticing'));
  const done = useSelector(actor, (s) => s.context.done);
  /** why the list could not be read, while the page is in `failed` */
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.problem ?? '' : null));
  const retry = () => actor.send({ type: 'user.refresh' });
  /** the dialog of `action` is open (its form, its confirmation, or its refusal) */
  const dialogOf = (action: WorkflowAction) => (pending?.action === action ? pending : null);
  return { rows, total, query, selected, pending, problem, submitting, loading, noticing, done, failure, retry, dialogOf };
}

/** The wizard's actor with the real effects: the API calls and toasts. */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { upgradeMachine, type StepAction, type UpgradeCreated, type UpgradeInfo } from '../../../machines/upgrade.ts';
import { notifySuccess, notifyWarning } from '../../lib/notify.ts';
import type { UpgradeApi } from './api.ts';

export function provideUpgrade(api: UpgradeApi, notify = (kind: 'success' | 'warning', message: string) => (kind === 'success' ? notifySuccess(message) : notifyWarning(message))) {
  return upgradeMachine.provide({
    actors: {
      load: fromPromise<UpgradeInfo, void>(() => api.info()),
      step: fromPromise<UpgradeInfo, StepAction>(({ input }) => api.step(input)),
      create: fromPromise<UpgradeCreated, { bizRegNo: string; password: string; again: string }>(({ input }) => api.create(input)),
    },
    actions: { notify: (_, { kind, message }) => notify(kind, message) },
  });
}

export function useUpgradeActor(api: UpgradeApi) {
  const [machine] = useState(() => provideUpgrade(api));
  return useActorRef(machine);
}

/** The page's enterprise actor with the real effects: the API calls and toasts. */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { EnterpriseValues } from '../../../domain/enterprise/rules.ts';
import { enterpriseMachine, type EnterpriseDetail } from '../../../machines/enterprise.ts';
import { notifySuccess, notifyWarning } from '../../lib/notify.ts';
import type { EnterpriseApi } from './api.ts';

export function provideEnterprise(api: EnterpriseApi, notify = (kind: 'success' | 'warning', message: string) => (kind === 'success' ? notifySuccess(message) : notifyWarning(message))) {
  return enterpriseMachine.provide({
    actors: {
      load: fromPromise<EnterpriseDetail, void>(() => api.load()),
      save: fromPromise<EnterpriseDetail, EnterpriseValues>(({ input }) => api.save(input)),
      apply: fromPromise<EnterpriseDetail, EnterpriseValues>(({ input }) => api.apply(input)),
    },
    actions: { notify: (_, { kind, message }) => notify(kind, message) },
  });
}

export function useEnterpriseActor(api: EnterpriseApi) {
  const [machine] = useState(() => provideEnterprise(api));
  return useActorRef(machine);
}

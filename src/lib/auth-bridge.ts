/**
 * Connects the http client to the running auth machine: the token it reads, the refresh it asks
 * for, the 401 it reports. refresh() sends api.tokenExpired (ignored while a refresh is already
 * running, so there is only ever one) and waits until the machine leaves `refreshing`.
 */
import { waitFor, type Actor } from 'xstate';
import { httpStatusText } from '../../domain/texts/http.ts';
import type { AuthMachine } from '../../machines/auth.ts';
import type { AuthBridge } from './http.ts';

export type AuthActor = Actor<AuthMachine>;

export function createAuthBridge(actor: AuthActor): AuthBridge {
  return {
    getToken: () => actor.getSnapshot().context.token,
    async refresh() {
      actor.send({ type: 'api.tokenExpired' });
      const snapshot = await waitFor(actor, (s) => !s.hasTag('refreshing'));
      const token = snapshot.context.token;
      if (snapshot.hasTag('signedIn') && token) return token;
      throw new Error(snapshot.context.error ?? httpStatusText[401]);
    },
    unauthorized: () => actor.send({ type: 'api.unauthorized' }),
  };
}

/**
 * Views read the auth machine through this context (a narrow useSelector per value) and send it
 * events; the app creates the one actor (src/app/session.ts), tests create their own.
 */
import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { AuthEvent, AuthMachine } from '../../machines/auth.ts';
import type { AuthActor } from './auth-bridge.ts';

const AuthContext = createContext<AuthActor | null>(null);

export function AuthProvider({ actor, children }: { actor: AuthActor; children?: ReactNode }) {
  return <AuthContext.Provider value={actor}>{children}</AuthContext.Provider>;
}

export function useAuthActor(): AuthActor {
  const actor = useContext(AuthContext);
  if (!actor) throw new Error('useAuthActor: no <AuthProvider> above this component');
  return actor;
}

export function useAuth<T>(selector: (snapshot: SnapshotFrom<AuthMachine>) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useAuthActor(), selector, compare);
}

export function useAuthSend(): (event: AuthEvent) => void {
  const actor = useAuthActor();
  return useCallback((event: AuthEvent) => actor.send(event), [actor]);
}

export const useUserInfo = () => useAuth((s) => s.context.userInfo);
export const useModules = () => useAuth((s) => s.context.modules);

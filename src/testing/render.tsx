/**
 * render() inside the app's providers: Mantine in test mode (no transitions, no portals), dates in
 * Chinese, modals, toasts, an auth actor (signed out unless you pass one) and a MemoryRouter.
 */
import 'dayjs/locale/zh-cn';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { render as rtlRender, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { datesSettings, theme } from '../app/providers.tsx';
import { AuthProvider } from '../lib/auth-context.tsx';
import type { AuthActor } from '../lib/auth-bridge.ts';
import { createTestAuthActor } from './auth.ts';
import { AppNotifications } from '../app/AppNotifications.tsx';

export interface AppRenderOptions extends Omit<RenderOptions, 'wrapper'> {
  /** where the MemoryRouter starts */
  route?: string;
  actor?: AuthActor;
}

export function TestProviders({ children, route = '/', actor }: { children: ReactNode; route?: string; actor: AuthActor }) {
  return (
    <MantineProvider theme={theme} env="test">
      <DatesProvider settings={datesSettings}>
        <ModalsProvider>
          <AppNotifications />
          <AuthProvider actor={actor}>
            <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
          </AuthProvider>
        </ModalsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}

export function render(ui: ReactElement, { route, actor = createTestAuthActor(), ...options }: AppRenderOptions = {}) {
  return {
    actor,
    ...rtlRender(ui, {
      wrapper: ({ children }) => (
        <TestProviders route={route} actor={actor}>
          {children}
        </TestProviders>
      ),
      ...options,
    }),
  };
}

export * from '@testing-library/react';

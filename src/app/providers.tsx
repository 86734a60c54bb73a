/** Mantine (+ dates in Chinese, weeks from Monday), modals, toasts and the auth actor. */
import { MantineProvider, createTheme } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth-context.tsx';
import type { AuthActor } from '../lib/auth-bridge.ts';
import { AppNotifications } from './AppNotifications.tsx';

export const theme = createTheme({
  primaryColor: 'blue',
  // users who ask their system for less motion get none (menus unfold, dialogs open at once)
  respectReducedMotion: true,
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif',
});

export const datesSettings = { locale: 'zh-cn', firstDayOfWeek: 1 } as const;

export function AppProviders({ actor, children }: { actor: AuthActor; children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <DatesProvider settings={datesSettings}>
        <ModalsProvider>
          <AppNotifications />
          <AuthProvider actor={actor}>{children}</AuthProvider>
        </ModalsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}

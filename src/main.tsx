import './lib/styles/initial.ts';
import 'dayjs/locale/zh-cn';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.ts';
import { authActor } from './app/session.ts';
import './app/live.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders actor={authActor}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

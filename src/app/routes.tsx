/**
 * Every route of both specs. Pages are lazy route modules, so /login loads only what it needs;
 * pages that later issues build share the one placeholder module.
 */
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth, RequireCompany } from './guards.tsx';
import { PageLoader } from './pages/PageLoader.tsx';
import { RouteError } from './pages/RouteError.tsx';

type PageModule = Promise<{ default: ComponentType }>;
const page = (load: () => PageModule) => async () => ({ Component: (await load()).default });

const comingSoon = page(() => import('./pages/ComingSoonPage.tsx'));

/** Pages of later issues, relative to the layout (accounts §2, bills §2). */
export const placeholderPaths = [
  'enterprise',
  'account',
  'account/add',
  'parametersSetting',
  'commonFun',
  'workorder',
  'workorder/edit',
  'workorder/show/:id',
  'feedback',
  'archive',
  'notice',
  'notice/noticeDetails/:id',
  'news',
  'news/newsDetails/:id',
  'statistics',
  'sign/detail/:id',
  'exchangeSettlement',
  'exchangeSettlement/applicationDetail',
  'settlementVerification',
  'settlementAuthorization/apply',
  'settlementAuthorization/confirm',
  'rewardApplication',
  'rewardApplication/apply/apply',
  'rewardApplication/apply/detail',
] as const;

/** Bill pages: need a filed enterprise. */
export const billPaths = ['bill/:type/:key', 'details/:type/:key'] as const;
/** The page module of each bill path; a path whose page is not built yet shows the placeholder. */
const billPages: Partial<Record<(typeof billPaths)[number], typeof comingSoon>> = {
  'bill/:type/:key': page(() => import('../features/bills/list/BillListPage.tsx')),
  'details/:type/:key': page(() => import('../features/bills/detail/BillDetailPage.tsx')),
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      { path: '/login', lazy: page(() => import('../features/auth/LoginPage.tsx')) },
      { path: '/reg', lazy: comingSoon },
      { path: '/diagrams', lazy: page(() => import('../features/diagrams/DiagramsPage.tsx')) },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: page(() => import('./layout/Layout.tsx')),
            children: [
              { index: true, element: <Navigate to="/home" replace /> },
              { path: 'home', lazy: page(() => import('./pages/HomePage.tsx')) },
              ...placeholderPaths.map((path) => ({ path, lazy: comingSoon })),
              { element: <RequireCompany />, children: billPaths.map((path) => ({ path, lazy: billPages[path] ?? comingSoon })) },
              { path: '404', lazy: page(() => import('./pages/NotFoundPage.tsx')) },
              { path: '*', lazy: page(() => import('./pages/NotFoundPage.tsx')) },
            ],
          },
        ],
      },
    ],
  },
];

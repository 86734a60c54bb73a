/**
 * Every route of both specs. Pages are lazy route modules, so /login loads only what it needs;
 * pages that later issues build share the one placeholder module.
 */
import { useState, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { billRedirectLoader } from './bill-redirect.ts';
import { RequireAuth, RequireCompany, RequireOwnHome } from './guards.tsx';
import { PageLoader } from './pages/PageLoader.tsx';
import { RouteError } from './pages/RouteError.tsx';

type PageModule = Promise<{ default: ComponentType }>;
const page = (load: () => PageModule) => async () => ({ Component: (await load()).default });

const comingSoon = page(() => import('./pages/ComingSoonPage.tsx'));

/**
 * /home: the home page, the upgrade notice and wizard over it (§2 Home), and the change-password
 * dialog its 修改密码 function opens; composed here because features do not import each other.
 */
const homeRoute = async () => {
  const [{ default: HomePage }, { default: UpgradeWizard }, { OwnPasswordDialog }] = await Promise.all([
    import('../features/home/HomePage.tsx'), import('../features/upgrade/UpgradeWizard.tsx'), import('../features/auth/components/OwnPasswordDialog.tsx'),
  ]);
  return {
    Component: function Home() {
      const [passwordOpen, setPasswordOpen] = useState(false);
      return (
        <>
          <HomePage onChangePassword={() => setPasswordOpen(true)} />
          <UpgradeWizard />
          <OwnPasswordDialog opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
        </>
      );
    },
  };
};

/** Settlement, verification, authorization, rewards and statistics (issue 6, parts 7–11). */
const settlementPages: RouteObject[] = [
  { path: 'exchangeSettlement', lazy: page(() => import('../features/settlement/SettlementListPage.tsx')) },
  { path: 'exchangeSettlement/applicationDetail', lazy: page(() => import('../features/settlement/SettlementDetailPage.tsx')) },
  { path: 'settlementVerification', lazy: page(() => import('../features/verification/VerificationPage.tsx')) },
  { path: 'settlementAuthorization/apply', lazy: page(() => import('../features/authorization/AuthorizationApplyPage.tsx')) },
  { path: 'settlementAuthorization/confirm', lazy: page(() => import('../features/authorization/AuthorizationConfirmPage.tsx')) },
  { path: 'rewardApplication', lazy: page(() => import('../features/rewards/RewardListPage.tsx')) },
  { path: 'rewardApplication/apply/apply', lazy: page(() => import('../features/rewards/RewardApplyPage.tsx')) },
  { path: 'rewardApplication/apply/detail', lazy: page(() => import('../features/rewards/RewardDetailPage.tsx')) },
  { path: 'statistics', lazy: page(() => import('../features/statistics/StatisticsPage.tsx')) },
];

/** The operator's 结汇审核, 核销审核 and 补贴审核 (issue 20, menu 902–904). */
const reviewSettlementPages: RouteObject[] = [
  { path: 'review/settlement', lazy: page(() => import('../features/review-settlement/SettlementReviewPage.tsx')) },
  { path: 'review/verification', lazy: page(() => import('../features/review-settlement/VerificationReviewPage.tsx')) },
  { path: 'review/subsidy', lazy: page(() => import('../features/review-settlement/SubsidyReviewPage.tsx')) },
];

/**
 * 签名记录 (bills §2, §7 Sign): the generic bill list with the sign records' list definition at
 * their module /bill/export/signRecord (a static path wins over bill/:type/:key), and their detail.
 */
const signRecordListRoute = async () => {
  const [{ default: BillListPage }, { signRecordList }] = await Promise.all([
    import('../features/bills/list/BillListPage.tsx'), import('../features/sign/sign-record-list.ts'),
  ]);
  return { Component: () => <BillListPage definition={signRecordList} /> };
};
const signPages: RouteObject[] = [
  { path: 'sign/detail/:id', lazy: page(() => import('../features/sign/SignDetailPage.tsx')) },
];

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
      { path: '/reg', lazy: page(() => import('../features/registration/RegisterPage.tsx')) },
      { path: '/diagrams', lazy: page(() => import('../features/diagrams/DiagramsPage.tsx')) },
      {
        element: <RequireAuth />,
        children: [{
          element: <RequireOwnHome />,
          children: [
          {
            lazy: page(() => import('./layout/Layout.tsx')),
            children: [
              { index: true, element: <Navigate to="/home" replace /> },
              { path: 'home', lazy: homeRoute },
              { path: 'parametersSetting', lazy: page(() => import('../features/settings/ParametersPage.tsx')) },
              { path: 'commonFun', lazy: page(() => import('../features/common-functions/CommonFunctionsPage.tsx')) },
              { path: 'workorder', lazy: page(() => import('../features/tickets/TicketListPage.tsx')) },
              { path: 'workorder/edit', lazy: page(() => import('../features/tickets/TicketFormPage.tsx')) },
              { path: 'workorder/show/:id', lazy: page(() => import('../features/tickets/TicketDetailPage.tsx')) },
              { path: 'feedback', lazy: page(() => import('../features/feedback/FeedbackPage.tsx')) },
              { path: 'customs-rules', lazy: page(() => import('../features/customs-rules/CustomsRulesPage.tsx')) },
              { path: 'archive', lazy: page(() => import('../features/archive/ArchivePage.tsx')) },
              { path: 'notice', lazy: page(() => import('../features/news/NoticeListPage.tsx')) },
              { path: 'notice/noticeDetails/:id', lazy: page(() => import('../features/news/NoticeDetailPage.tsx')) },
              { path: 'news', lazy: page(() => import('../features/news/NewsListPage.tsx')) },
              { path: 'news/newsDetails/:id', lazy: page(() => import('../features/news/NewsDetailPage.tsx')) },
              { path: 'enterprise', lazy: page(() => import('../features/enterprise/EnterprisePage.tsx')) },
              { path: 'account', lazy: page(() => import('../features/accounts/AccountListPage.tsx')) },
              { path: 'account/add', lazy: page(() => import('../features/accounts/AddAccountPage.tsx')) },
              { path: 'operationLog', lazy: page(() => import('../features/operation-log/OperationLogPage.tsx')) },
              // issue 20, the operator's 工单处理 and 内容发布 (op-desk)
              { path: 'review/ticket', lazy: page(() => import('../features/review-ticket/ReviewTicketPage.tsx')) },
              { path: 'review/content', lazy: page(() => import('../features/review-content/ReviewContentPage.tsx')) },
              { path: 'apiKey', lazy: page(() => import('../features/api-keys/ApiKeysPage.tsx')) },
              { path: 'review/company', lazy: page(() => import('../features/review-company/ReviewCompanyPage.tsx')) },
              // 备案审核 (issue 20, the operator's console)
              { path: 'review/filing', lazy: page(() => import('../features/review-filing/ReviewFilingPage.tsx')) },
              { path: 'review/filing/detail/:id', lazy: page(() => import('../features/review-filing/ReviewFilingDetailPage.tsx')) },
              ...settlementPages,
              ...reviewSettlementPages,
              ...signPages,
              {
                element: <RequireCompany />,
                children: [
                  { path: 'bill/export/signRecord', lazy: signRecordListRoute },
                  { path: 'receipts/unmatched', lazy: page(() => import('../features/bills/unmatched/UnmatchedReceiptsPage.tsx')) },
                  ...billPaths.map((path) => ({ path, loader: billRedirectLoader(path === 'bill/:type/:key' ? 'bill' : 'details'), lazy: billPages[path] ?? comingSoon })),
                ],
              },
              { path: '404', lazy: page(() => import('./pages/NotFoundPage.tsx')) },
              { path: '*', lazy: page(() => import('./pages/NotFoundPage.tsx')) },
            ],
          },
          ],
        }],
      },
    ],
  },
];

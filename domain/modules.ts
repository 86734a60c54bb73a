/**
 * Seed data of the module tree: side-menu groups, pages and the button codes of each page.
 *
 * What the server does with it (accounts §3, §6; bills §6): the login reply carries the modules the
 * user's role may see ({id, parentId, uri, name, icon, code, sortNo, buttonVos: [{code}]}); the web
 * builds the side menu from them (grouped by parentId, sorted by sortNo) and shows a button only when
 * the module whose uri matches the current page lists that button's code.
 *
 * Layout
 * - Roots have parentId -1. 首页 (/home) is a root page; every other root is a menu group whose uri
 *   is MENU_GROUP_URI (''): a group only opens and closes, it is never a route.
 * - Ids are stable and grouped by hundreds: 1 首页, 100 出口业务, 200 进口业务, 300 综合查询,
 *   400 结汇管理, 500 补贴管理, 600 企业管理, 700 服务中心. A page's id is its group's id plus its
 *   place in the group; new pages take the next free number, ids are never reused.
 * - Bill list pages are /bill/{export|import}/{key} (bills.md §2). Their detail, edit and add route
 *   /details/{type}/{key} is not a module of its own: it takes its buttons (edit, save, saveDeclare,
 *   bodySave, temporary, delete, refresh, summary) from the /bill/{type}/{key} module, so those
 *   detail buttons are seeded on the list module.
 * - hidden: pages reachable by route (and needing permission) but not in the side menu: /account/add,
 *   detail and form pages. A hidden page's parentId is the page it is opened from, so the breadcrumb
 *   chain reads e.g. 企业管理 / 账号管理 / 新建子账号. Build the menu from non-hidden modules only.
 * - Routes with a path parameter (/workorder/show/{id}, /notice/noticeDetails/{id},
 *   /news/newsDetails/{id}, /sign/detail/{id}) are seeded without the parameter; match a route to a
 *   module by the longest module uri that is a path prefix of it.
 * - Public routes (/, /login, /reg, /404) need no permission and are not modules.
 * - roles: which user types may hold the module or button. ADMIN holds every one; a sub-account
 *   (USER) holds what its main account granted it among the USER ones (domain/grants.ts, issue 17).
 *   Account management (/account, /account/add) and API keys (/apiKey) are ADMIN only: whoever
 *   manages accounts could grant itself anything, so that stays with the main account.
 * - icon: a short key from ModuleIcon; the web maps keys to icon components.
 * - Button names are the Chinese labels; the same code may carry a page-specific label (summary is
 *   汇总 on the summary application and 订单汇总 on the declaration form).
 */

/** ADMIN / USER: an enterprise's main account / sub-account; PLATFORM: a platform operator (issue 20). */
export type ModuleRole = 'ADMIN' | 'USER' | 'PLATFORM';

export type ModuleIcon =
  | 'home'
  | 'export'
  | 'import'
  | 'bill'
  | 'order'
  | 'waybill'
  | 'receipt'
  | 'inventory'
  | 'declare'
  | 'summary'
  | 'tax'
  | 'sign'
  | 'archive'
  | 'settlement'
  | 'verify'
  | 'auth'
  | 'reward'
  | 'enterprise'
  | 'account'
  | 'ticket'
  | 'feedback'
  | 'notice'
  | 'news'
  | 'statistics'
  | 'settings'
  | 'function'
  | 'upgrade'
  | 'review';

export interface ModuleButtonSeed {
  code: string;
  name: string;
  roles: ModuleRole[];
}

export interface ModuleSeed {
  id: number;
  /** -1 for a root */
  parentId: number;
  /** MENU_GROUP_URI ('') for a menu group */
  uri: string;
  /** Chinese menu label */
  name: string;
  icon: ModuleIcon;
  /** stable code, e.g. 'expu_order' */
  code: string;
  sortNo: number;
  roles: ModuleRole[];
  /** reachable by route, not shown in the side menu */
  hidden?: boolean;
  buttons: ModuleButtonSeed[];
}

/** The uri of a menu group: groups are not routes. */
export const MENU_GROUP_URI = '';
/** parentId of a root module. */
export const ROOT_PARENT_ID = -1;

const ALL: ModuleRole[] = ['ADMIN', 'USER'];
const ADMIN_ONLY: ModuleRole[] = ['ADMIN'];
/** The platform operator's pages (审核管理, issue 20): never an enterprise user's. */
const PLATFORM_ONLY: ModuleRole[] = ['PLATFORM'];

/** Default Chinese label of each bill button code (bills.md §2, §4, §6). */
export const billButtonNames = {
  add: '新增',
  addNew: '新增',
  declare: '申报',
  batchDeclare: '批量申报',
  sendReciept: '重新发送回执',
  export: '导出',
  conditionalQuery: '条件查询',
  importQuery: '批量查询',
  downTemplate: '下载模板',
  downDataTemplate: '下载数据模板',
  upExcel: '上传Excel',
  edit: '编辑',
  save: '保存',
  saveDeclare: '保存并申报',
  bodySave: '表体保存',
  temporary: '暂存',
  delete: '删除',
  refresh: '刷新',
  summary: '汇总',
  updateCustomReturn: '改为退单',
  batchCustomReturn: '批量改为退单',
  batchDelete: '批量删除',
  batchCancellation: '申请撤单',
  batchInvtRefund: '申请退货',
  bulkDeparture: '批量离境',
  cancel: '撤销',
  exportDelivery: '生成运抵单',
  exportDeliveryReinsurance: '生成清单总分单',
} as const;

export type BillButtonCode = keyof typeof billButtonNames;

/** Bill buttons: every role, default label unless overridden for this page. */
function billButtons(
  codes: BillButtonCode[],
  names: Partial<Record<BillButtonCode, string>> = {},
): ModuleButtonSeed[] {
  // Sets overlap (a page may list batchDelete and DECLARE): each code once.
  return [...new Set(codes)].map((code) => ({ code, name: names[code] ?? billButtonNames[code], roles: ALL }));
}

function button(code: string, name: string, roles: ModuleRole[] = ALL): ModuleButtonSeed {
  return { code, name, roles };
}

// Reusable button sets. "Query" = the search dialog plus the 批量查询 dropdown (Excel import of
// query values and download of the query template).
const QUERY: BillButtonCode[] = ['conditionalQuery', 'importQuery', 'downTemplate'];
/** A declarable bill: 申报 / 批量申报 of the selected rows, resending their receipts, deleting drafts. */
const DECLARE: BillButtonCode[] = ['declare', 'batchDeclare', 'sendReciept', 'batchDelete'];
/** Detail page of a bill with a head only. */
const HEAD_EDIT: BillButtonCode[] = ['edit', 'save', 'saveDeclare', 'refresh'];
/** Detail page of a bill with head and body lines. */
const HEAD_BODY_EDIT: BillButtonCode[] = [...HEAD_EDIT, 'bodySave', 'temporary', 'delete'];
/** Bills created by an Excel upload of the data template. */
const UPLOAD: BillButtonCode[] = ['downDataTemplate', 'upExcel'];
/** Read-only lists of customs-issued documents. */
const READ_ONLY: BillButtonCode[] = ['export', 'conditionalQuery', 'sendReciept'];

function page(
  id: number,
  parentId: number,
  uri: string,
  name: string,
  icon: ModuleIcon,
  code: string,
  sortNo: number,
  buttons: ModuleButtonSeed[] = [],
  extra: { roles?: ModuleRole[]; hidden?: boolean } = {},
): ModuleSeed {
  const seed: ModuleSeed = { id, parentId, uri, name, icon, code, sortNo, roles: extra.roles ?? ALL, buttons };
  if (extra.hidden) seed.hidden = true;
  return seed;
}

function group(id: number, name: string, icon: ModuleIcon, code: string, sortNo: number, roles: ModuleRole[] = ALL): ModuleSeed {
  return page(id, ROOT_PARENT_ID, MENU_GROUP_URI, name, icon, code, sortNo, [], { roles });
}

const HOME = 1;
const EXPORT = 100;
const IMPORT = 200;
const QUERY_GROUP = 300;
const SETTLEMENT = 400;
const REWARD = 500;
const ENTERPRISE = 600;
const SERVICE = 700;
const REVIEW = 900;

export const moduleSeeds: ModuleSeed[] = [
  page(HOME, ROOT_PARENT_ID, '/home', '首页', 'home', 'home', 1),

  // ── 出口业务: one entry per export bill key, in the order of the export flow ──────────────
  group(EXPORT, '出口业务', 'export', 'menu_export', 2),
  page(101, EXPORT, '/bill/export/order', '出口订单', 'order', 'expu_order', 1,
    billButtons(['add', ...DECLARE, 'export', ...QUERY, ...HEAD_BODY_EDIT])),
  page(102, EXPORT, '/bill/export/receipt', '收款单', 'receipt', 'expu_receipt', 2,
    billButtons(['add', ...DECLARE, 'export', ...QUERY, ...HEAD_EDIT])),
  page(103, EXPORT, '/bill/export/waybill', '出口运单', 'waybill', 'expu_waybill', 3,
    billButtons(['add', ...DECLARE, 'export', ...QUERY, ...HEAD_EDIT])),
  page(104, EXPORT, '/bill/export/detailedList', '出口清单', 'inventory', 'expu_detailed_list', 4,
    billButtons(
      [
        'add', ...DECLARE, 'export', ...QUERY,
        'updateCustomReturn', 'batchCancellation', 'batchInvtRefund', 'bulkDeparture',
        'exportDelivery', 'exportDeliveryReinsurance', 'summary',
        ...HEAD_BODY_EDIT,
      ],
      { summary: '汇总申请' },
    )),
  page(105, EXPORT, '/bill/export/billCancellation', '撤销申请', 'bill', 'expu_bill_cancellation', 5,
    billButtons(['sendReciept', 'conditionalQuery', 'refresh'])),
  page(106, EXPORT, '/bill/export/returnApplicationForm', '退货申请', 'bill', 'expu_return_application_form', 6,
    billButtons([...DECLARE, 'export', 'conditionalQuery', ...HEAD_BODY_EDIT])),
  page(107, EXPORT, '/bill/export/tallying', '理货明细单', 'bill', 'expu_tallying', 7,
    billButtons([...DECLARE, 'conditionalQuery', ...UPLOAD, 'delete', 'refresh'])),
  page(108, EXPORT, '/bill/export/arrivalNote', '运抵单', 'waybill', 'expu_arrival_note', 8,
    billButtons([...DECLARE, ...QUERY, ...UPLOAD, 'refresh'])),
  page(109, EXPORT, '/bill/export/billOfLading', '清单总分单', 'bill', 'expu_bill_of_lading', 9,
    billButtons([...DECLARE, 'conditionalQuery', 'bulkDeparture', 'cancel', 'edit', 'save', 'refresh'])),
  page(110, EXPORT, '/bill/export/listTotalScoreSheet', '清单总分单明细', 'bill', 'expu_list_total_score_sheet', 10,
    billButtons(['export', 'conditionalQuery'])),
  page(111, EXPORT, '/bill/export/billTotalOrderCancellation', '总分单撤销', 'bill', 'expu_bill_total_order_cancellation', 11,
    billButtons(['sendReciept', 'conditionalQuery', 'delete', 'refresh'])),
  page(112, EXPORT, '/bill/export/departureForm', '离境单', 'bill', 'expu_departure_form', 12,
    billButtons([...DECLARE, 'export', 'conditionalQuery', 'refresh'])),
  page(113, EXPORT, '/bill/export/summaryApplicationForm', '汇总申请', 'summary', 'expu_summary_application_form', 13,
    billButtons([
      'addNew', 'summary', ...DECLARE, 'batchDelete', 'updateCustomReturn', 'conditionalQuery', 'refresh',
    ])),
  page(114, EXPORT, '/bill/export/summaryApplicationDetailList', '汇总申请明细', 'summary', 'expu_summary_application_detail_list', 14,
    billButtons(['export', 'conditionalQuery', 'refresh'])),
  page(115, EXPORT, '/bill/export/summaryResultSheet', '汇总结果单', 'summary', 'expu_summary_result_sheet', 15,
    billButtons(READ_ONLY)),
  page(116, EXPORT, '/bill/export/declarationForm', '报关单', 'declare', 'expu_declaration_form', 16,
    billButtons(['add', ...DECLARE, 'export', 'conditionalQuery', 'summary', ...HEAD_BODY_EDIT], { summary: '订单汇总' })),

  // ── 进口业务 ─────────────────────────────────────────────────────────────────────────────
  group(IMPORT, '进口业务', 'import', 'menu_import', 3),
  page(201, IMPORT, '/bill/import/order', '进口订单', 'order', 'invt_order', 1,
    billButtons(['add', ...DECLARE, 'export', ...QUERY, ...HEAD_BODY_EDIT])),
  page(202, IMPORT, '/bill/import/receipt', '支付单', 'receipt', 'invt_payment', 2,
    billButtons(['add', ...DECLARE, 'export', ...QUERY, ...HEAD_EDIT])),
  page(203, IMPORT, '/bill/import/waybill', '进口运单', 'waybill', 'invt_waybill', 3,
    billButtons(['add', ...DECLARE, 'export', ...QUERY, ...HEAD_EDIT])),
  page(204, IMPORT, '/bill/import/detailedList', '进口清单', 'inventory', 'invt_detailed_list', 4,
    billButtons([
      'add', ...DECLARE, 'export', ...QUERY,
      'batchCustomReturn', 'batchCancellation', 'batchInvtRefund',
      ...HEAD_BODY_EDIT,
    ])),
  page(205, IMPORT, '/bill/import/billCancellation', '撤销申请', 'bill', 'invt_bill_cancellation', 5,
    billButtons([...DECLARE, 'conditionalQuery', 'refresh'])),
  page(206, IMPORT, '/bill/import/returnApplicationForm', '退货申请', 'bill', 'invt_return_application_form', 6,
    billButtons([...DECLARE, 'export', 'conditionalQuery', ...HEAD_BODY_EDIT])),
  page(207, IMPORT, '/bill/import/warehousingDetails', '入库明细单', 'bill', 'invt_warehousing_details', 7,
    billButtons([...DECLARE, 'conditionalQuery', ...UPLOAD, 'refresh'])),
  page(208, IMPORT, '/bill/import/taxbill', '税单', 'tax', 'invt_taxbill', 8,
    billButtons(READ_ONLY)),
  page(209, IMPORT, '/bill/import/operatorPort', '运营商口岸', 'bill', 'invt_operator_port', 9,
    billButtons(['conditionalQuery', 'refresh'])),

  // ── 综合查询 ─────────────────────────────────────────────────────────────────────────────
  group(QUERY_GROUP, '综合查询', 'statistics', 'menu_query', 4),
  // Sign records of both directions; a bill-like list, so it lives under /bill/ (type export).
  page(301, QUERY_GROUP, '/bill/export/signRecord', '签名记录', 'sign', 'cbe_sign_record', 1,
    billButtons(['export', ...QUERY, 'refresh'])),
  page(302, 301, '/sign/detail', '签名详情', 'sign', 'cbe_sign_detail', 1, [], { hidden: true }),
  page(303, QUERY_GROUP, '/statistics', '统计', 'statistics', 'statistics', 2, [
    button('query', '查询'),
    button('export', '导出'),
  ]),
  // Receipts and exchange documents that match none of the company's bills (kept, never dropped).
  page(304, QUERY_GROUP, '/receipts/unmatched', '未匹配回执', 'bill', 'unmatched_receipts', 3),
  // customs' rule table (domain/customs/rules): why a bill was refused, rule by rule
  page(305, QUERY_GROUP, '/customs-rules', '海关规则', 'declare', 'customs_rules', 4),

  // ── 结汇管理 ─────────────────────────────────────────────────────────────────────────────
  group(SETTLEMENT, '结汇管理', 'settlement', 'menu_settlement', 5),
  page(401, SETTLEMENT, '/exchangeSettlement', '结汇', 'settlement', 'exchange_settlement', 1, [
    button('add', '添加结汇单'),
    button('apply', '提交申请'),
    button('revoke', '撤销申请'),
    button('delete', '删除申请'),
    button('revokeHistory', '查看历史撤销记录'),
    button('lock', '批量锁定'),
    button('unlock', '批量解锁'),
  ]),
  page(402, 401, '/exchangeSettlement/applicationDetail', '结汇单详情', 'settlement', 'exchange_settlement_detail', 1, [
    button('add', '添加清单'),
    button('delete', '删除清单'),
  ], { hidden: true }),
  page(403, SETTLEMENT, '/settlementVerification', '核销', 'verify', 'settlement_verification', 2, [
    button('apply', '申请核销'),
    button('revoke', '撤销申请'),
    button('revokeHistory', '查看历史撤销记录'),
  ]),
  page(404, SETTLEMENT, '/settlementAuthorization/apply', '授权申请', 'auth', 'settlement_authorization_apply', 3, [
    button('add', '添加授权'),
    button('delete', '删除'),
  ]),
  page(405, SETTLEMENT, '/settlementAuthorization/confirm', '授权确认', 'auth', 'settlement_authorization_confirm', 4, [
    button('agree', '同意'),
    button('refuse', '拒绝'),
    button('recall', '回收'),
  ]),

  // ── 补贴管理 ─────────────────────────────────────────────────────────────────────────────
  group(REWARD, '补贴管理', 'reward', 'menu_reward', 6),
  page(501, REWARD, '/rewardApplication', '补贴申请', 'reward', 'reward_application', 1, [
    button('add', '新增申请'),
    button('export', '导出'),
  ]),
  page(502, 501, '/rewardApplication/apply/apply', '新增补贴申请', 'reward', 'reward_application_apply', 1, [
    button('downTemplate', '下载模板'),
    button('upExcel', '上传Excel'),
    button('delete', '删除'),
  ], { hidden: true }),
  page(503, 501, '/rewardApplication/apply/detail', '补贴申请详情', 'reward', 'reward_application_detail', 2, [
    button('export', '导出'),
  ], { hidden: true }),

  // ── 企业管理 ─────────────────────────────────────────────────────────────────────────────
  group(ENTERPRISE, '企业管理', 'enterprise', 'menu_enterprise', 7),
  page(601, ENTERPRISE, '/enterprise', '企业备案', 'enterprise', 'enterprise', 1, [
    button('viewAuthCode', '查看授权码'),
    button('generateAuthCode', '生成授权码'),
    button('edit', '编辑'),
    button('save', '保存'),
    button('saveDeclare', '保存并申报'),
    button('upload', '上传附件'),
    button('cancel', '取消'),
  ]),
  page(602, ENTERPRISE, '/account', '账号管理', 'account', 'account', 2, [
    button('add', '新建子账号', ADMIN_ONLY),
    button('recovery', '批量恢复', ADMIN_ONLY),
    button('prohibit', '禁止登陆', ADMIN_ONLY),
    button('delete', '删除', ADMIN_ONLY),
    button('resetPassword', '重置密码', ADMIN_ONLY),
    button('grant', '权限', ADMIN_ONLY),
  ], { roles: ADMIN_ONLY }),
  page(603, 602, '/account/add', '新建子账号', 'account', 'account_add', 1, [
    button('save', '保存', ADMIN_ONLY),
  ], { roles: ADMIN_ONLY, hidden: true }),
  page(604, ENTERPRISE, '/parametersSetting', '参数设置', 'settings', 'parameters_setting', 3, [
    button('save', '保存'),
  ]),
  page(605, ENTERPRISE, '/commonFun', '常用功能', 'function', 'common_fun', 4, [
    button('save', '保存'),
  ]),
  // API keys of machine clients (ERP, WMS): made, disabled and deleted by the main account only
  page(606, ENTERPRISE, '/apiKey', '接口密钥', 'settings', 'api_key', 5, [
    button('add', '新建密钥', ADMIN_ONLY),
    button('disable', '停用', ADMIN_ONLY),
    button('delete', '删除', ADMIN_ONLY),
  ], { roles: ADMIN_ONLY }),
  // issue 17 §2: who changed what and when (a USER sees its own rows); 607 leaves 606 to 接口密钥
  page(607, ENTERPRISE, '/operationLog', '操作日志', 'statistics', 'operation_log', 6, [
    button('export', '导出'),
  ]),

  // ── 服务中心 ─────────────────────────────────────────────────────────────────────────────
  group(SERVICE, '服务中心', 'ticket', 'menu_service', 8),
  page(701, SERVICE, '/workorder', '工单', 'ticket', 'workorder', 1, [
    button('add', '写工单'),
    button('deleteWorkorder', '删除工单'),
  ]),
  page(702, 701, '/workorder/edit', '写工单', 'ticket', 'workorder_edit', 1, [], { hidden: true }),
  page(703, 701, '/workorder/show', '工单详情', 'ticket', 'workorder_show', 2, [], { hidden: true }),
  page(704, SERVICE, '/feedback', '意见反馈', 'feedback', 'feedback', 2),
  page(705, SERVICE, '/notice', '通知公告', 'notice', 'notice', 3),
  page(706, 705, '/notice/noticeDetails', '公告详情', 'notice', 'notice_details', 1, [], { hidden: true }),
  page(707, SERVICE, '/news', '新闻动态', 'news', 'news', 4),
  page(708, 707, '/news/newsDetails', '新闻详情', 'news', 'news_details', 1, [], { hidden: true }),
  page(709, SERVICE, '/archive', '知识库', 'archive', 'archive', 5, [
    button('download', '下载'),
    button('batchDownload', '批量下载'),
  ]),

  // ── 审核管理 (issue 20): the platform operator's console, its only menu. Hidden detail pages take
  // 911+ (911–914 备案, 915–919 结汇/核销/补贴, 920–924 工单/内容, 925–929 企业管理), parentId their list page.
  group(REVIEW, '审核管理', 'review', 'menu_review', 9, PLATFORM_ONLY),
  page(901, REVIEW, '/review/filing', '备案审核', 'enterprise', 'review_filing', 1, [], { roles: PLATFORM_ONLY }),
  page(911, 901, '/review/filing/detail', '备案详情', 'enterprise', 'review_filing_detail', 1, [], { roles: PLATFORM_ONLY, hidden: true }),
  page(902, REVIEW, '/review/settlement', '结汇审核', 'settlement', 'review_settlement', 2, [], { roles: PLATFORM_ONLY }),
  page(903, REVIEW, '/review/verification', '核销审核', 'verify', 'review_verification', 3, [], { roles: PLATFORM_ONLY }),
  page(904, REVIEW, '/review/subsidy', '补贴审核', 'reward', 'review_subsidy', 4, [], { roles: PLATFORM_ONLY }),
  page(905, REVIEW, '/review/ticket', '工单处理', 'ticket', 'review_ticket', 5, [], { roles: PLATFORM_ONLY }),
  page(906, REVIEW, '/review/content', '内容发布', 'notice', 'review_content', 6, [], { roles: PLATFORM_ONLY }),
  page(907, REVIEW, '/review/company', '企业管理', 'account', 'review_company', 7, [], { roles: PLATFORM_ONLY }),
];

export { OPERATOR_HOME_URI } from './home-pages.ts';

/**
 * The operation log (操作日志, issue 17 §2): which calls change state and what each is called in
 * the log. Pure data, shared by the server (the route layer writes a row per state-changing call)
 * and the web (the page's filters offer these labels).
 *
 * Every authenticated POST route is named here or by its own route spec (the bill routes name
 * theirs by api key, below): a label = the call changes state and is logged under it; null = a
 * read, never logged. tests/api/operation-log-routes.test.ts fails when a route is in neither, so a
 * new state-changing route cannot slip past the log. Public routes have no actor and are not logged
 * (login, registration; docs/decisions/oplog-which-calls.md). The operator's routes (/api/review/…, issue 20) are
 * logged with the operator as actor and no company.
 */
import type { BillApi } from './bills/types.ts';

/** Outcomes as stored and shown. */
export const OPERATION_OUTCOMES = { ok: '成功', refused: '失败' } as const;
export type OperationOutcome = (typeof OPERATION_OUTCOMES)[keyof typeof OPERATION_OUTCOMES];

/** Default retention (OPERATION_LOG_DAYS). */
export const OPERATION_LOG_DEFAULT_DAYS = 365;
/** The page opens on the last 7 days (lastDaysWindow). */
export const OPERATION_LOG_WINDOW_DAYS = 7;
/** The most rows one export writes. */
export const OPERATION_LOG_EXPORT_MAX = 50_000;
/** The fixed list path (issue 17). */
export const OPERATION_LOG_LIST_PATH = '/api/enterprise/operationLog/pageList';
export const OPERATION_LOG_EXPORT_PATH = '/api/enterprise/operationLog/export';
/** The module (page) of the log. */
export const OPERATION_LOG_URI = '/operationLog';

/** The action label of each bill api key; null = a read. Typed over every key, so a new key must be named. */
export const billOperationActions: Record<keyof BillApi | 'saveBatch' | 'parseQueryTemplate', string | null> = {
  pageList: null,
  queryStateCount: null,
  detail: null,
  lines: null,
  export: null,
  summary: null,
  pickList: null,
  downloadQueryTemplate: null,
  downloadUploadTemplate: null,
  parseQueryTemplate: null,
  save: '保存',
  saveAndApply: '保存并申报',
  saveLines: '保存表体',
  deleteLines: '删除表体',
  apply: '申报',
  delete: '删除',
  sendReceipt: '重新发送回执',
  pickSave: '订单汇总',
  refund: '申请退货',
  cancel: '申请撤销',
  leave: '批量离境',
  delivery: '生成运抵单',
  reinsurance: '生成清单总分单',
  summarize: '汇总申请',
  summarizeByCondition: '按条件汇总申请',
  customReturn: '改为退单',
  uploadTemplate: '上传Excel',
  saveBatch: '批量保存',
};

/** The other authenticated routes: path → action label, or null for a read. */
export const operationLogRoutes: Readonly<Record<string, string | null>> = {
  // customs receipts, files, dictionaries, live updates
  '/api/receipter/messageFindByBill': null,
  '/api/receipter/unmatched': null,
  '/api/receipter/timeline': null,
  '/api/receipter/raw': null,
  '/api/jwt_core/validate': null,
  '/api/dictionary/item/queryByCode': null,
  '/api/enterprise/state/list': null,
  '/api/file/upload': '上传文件',
  '/api/events/ticket': null,
  // bulk jobs
  '/api/enterprise/bills/jobs/start': '批量申报',
  '/api/enterprise/bills/jobs/detail': null,
  '/api/enterprise/bills/jobs/list': null,
  // sign records
  '/api/enterprise/sign/signData/list': null,
  '/api/enterprise/sign/signData/findById': null,
  '/api/enterprise/sign/signData/downloadQueryTemplate': null,
  '/api/enterprise/sign/signData/exportData': null,
  '/api/enterprise/bills/export/signRecord/parseQueryTemplate': null,
  '/api/sign/client/pending': null,
  '/api/sign/client/complete': '提交签名',
  '/api/sign/client/fail': '签名失败',
  // enterprise filing
  '/api/enterprise/company/queryDetailById': null,
  '/api/enterprise/company/saveCompany': '保存企业信息',
  '/api/enterprise/company/apply': '保存并申报企业备案',
  '/api/enterprise/company/queryAuthCode': null,
  '/api/enterprise/company/generateAuthCode': '生成授权码',
  '/api/enterprise/company/saveFile': '上传附件',
  '/api/enterprise/company/deleteFileByFileId': '删除附件',
  '/api/enterprise/area/getProvinces': null,
  '/api/enterprise/area/getByCode': null,
  // accounts
  '/api/enterprise/user/updatePasswprd': '修改密码',
  '/api/enterprise/user/pageList': null,
  '/api/enterprise/user/save': '新建子账号',
  '/api/enterprise/user/resetPasswprd': '重置密码',
  '/api/enterprise/user/frozen': '禁止登陆/恢复',
  '/api/enterprise/user/deleteByIds': '删除子账号',
  '/api/enterprise/user/modules': null,
  '/api/enterprise/user/grants': null,
  '/api/enterprise/user/saveGrants': '设置子账号权限',
  // API keys (接口密钥)
  '/api/enterprise/apiKey/pageList': null,
  '/api/enterprise/apiKey/save': '新建接口密钥',
  '/api/enterprise/apiKey/disable': '停用接口密钥',
  '/api/enterprise/apiKey/deleteByIds': '删除接口密钥',
  // home
  '/api/enterprise/home/weather': null,
  // settlement
  '/api/enterprise/declarel/severList': null,
  '/api/enterprise/declarel/queryPageList': null,
  '/api/enterprise/declarel/declaration': '提交结汇申请',
  '/api/enterprise/declare/revoke/revoke': '撤销结汇申请',
  '/api/enterprise/declarel/delete': '删除结汇申请',
  '/api/enterprise/declarel/lock': '锁定结汇单',
  '/api/enterprise/declarel/unlock': '解锁结汇单',
  '/api/enterprise/declare/revoke/revokePageList': null,
  '/api/enterprise/declare/revoke/verificationPageList': null,
  '/api/enterprise/declarel/queryInventHead': null,
  '/api/enterprise/declarel/queryInventList': null,
  '/api/enterprise/SeInventory/queryPageList': null,
  '/api/enterprise/invtInventory/querySeInventList': null,
  '/api/enterprise/invtInventory/declarationSeList': '添加进口清单',
  '/api/enterprise/SeInventory/delete': '删除进口清单',
  '/api/enterprise/declarel/queryExpuInventHead': null,
  '/api/enterprise/declarel/queryExpuInventList': null,
  '/api/enterprise/SeExpuInventory/queryPageList': null,
  '/api/enterprise/expuInventry/quertSeList': null,
  '/api/enterprise/expuInventry/declarationSeList': '添加出口清单',
  '/api/enterprise/SeExpuInventory/delete': '删除出口清单',
  '/api/enterprise/declarel/saveHead': '保存特殊申报标志',
  // verification
  '/api/enterprise/declare/verification/pageList': null,
  '/api/enterprise/declare/verification/apply': '申请核销',
  '/api/enterprise/declare/verification/revokes': '撤销核销申请',
  '/api/enterprise/declare/verification/result': null,
  // settlement authorization
  '/api/enterprise/declare/authCommerce/queryPageList': null,
  '/api/enterprise/declare/authCommerce/audit': '同意/拒绝授权',
  '/api/enterprise/declare/authCommerce/tackBack': '回收授权',
  '/api/enterprise/declare/authCommerce/delete': '删除授权申请',
  '/api/enterprise/declare/authCommerce/findCompany': null,
  '/api/enterprise/declare/authCommerce/save': '申请授权',
  // rewards
  '/api/enterprise/subsidy/list': null,
  '/api/enterprise/subsidy/detail': null,
  '/api/enterprise/subsidy/export': null,
  '/api/enterprise/subsidy/apply': '提交补贴申请',
  '/api/enterprise/subsidy/company/queryRecCompany': null,
  '/api/enterprise/subsidy/company/queryCompany': null,
  '/api/enterprise/subsidy/downloadTemplate': null,
  '/api/enterprise/subsidy/bill/import': '导入提单号',
  '/api/enterprise/subsidy/bill/list': null,
  '/api/enterprise/subsidy/bill/delete': '删除提单号',
  '/api/enterprise/subsidy/bill/deleteAll': '删除导入的提单号',
  '/api/enterprise/subsidy/result/:applyType/list': null,
  '/api/enterprise/subsidy/result/:applyType/export': null,
  // statistics
  '/api/agent/counts/list': null,
  '/api/agent/counts/exportAgent': null,
  // content, tickets, feedback
  '/api/enterprise/notice/queryPageList': null,
  '/api/enterprise/notice/detail': null,
  '/api/enterprise/Knowledge_file/list': null,
  '/api/enterprise/Knowledge_file/download': null,
  '/api/enterprise/Knowledge_file/state_count': null,
  '/api/enterprise/Knowledge_file/batchDownload': null,
  '/api/enterprise/Work_ticket/list': null,
  '/api/enterprise/Work_ticket/state_count': null,
  '/api/enterprise/Work_ticket/save': '写工单',
  '/api/enterprise/Work_ticket/detail': null,
  '/api/enterprise/Work_ticket/delete': '删除工单',
  '/api/enterprise/feedback/save': '意见反馈',
  // settings and common functions
  '/api/enterprise/company/querySettingList': null,
  '/api/enterprise/company/saveSetting': '保存参数',
  '/api/enterprise/user/function/findAll': null,
  '/api/enterprise/user/function/findUserFunctions': null,
  '/api/enterprise/user/function/saveFunctions': '保存常用功能',
  // upgrade wizard
  '/api/enterprise/agreement/queryInfo': null,
  '/api/enterprise/agreement/next': '升级：下一步',
  '/api/enterprise/agreement/read': '升级：已阅读协议',
  '/api/enterprise/agreement/back': '升级：上一步',
  '/api/enterprise/agreement/createRs': '创建资源中心账号',
  '/api/enterprise/agreement/template': null,
  '/api/enterprise/agreement/getDownloadUrl': null,
  // the log itself
  [OPERATION_LOG_LIST_PATH]: null,
  [OPERATION_LOG_EXPORT_PATH]: null,
  // the platform operator's review API (issue 20): its decisions are the platform's rows (no company)
  '/api/review/company/pageList': null,
  '/api/review/company/approve': '备案审核通过',
  '/api/review/company/reject': '备案退回',
  '/api/review/settlement/pageList': null,
  '/api/review/settlement/detail': null,
  '/api/review/settlement/inventories': null,
  '/api/review/verification/pageList': null,
  '/api/review/verification/detail': null,
  '/api/review/subsidy/pageList': null,
  '/api/review/subsidy/detail': null,
  '/api/review/subsidy/bills': null,
  '/api/review/subsidy/results': null,
  '/api/review/settlement/accept': '结汇单受理',
  '/api/review/settlement/refuse': '结汇单不受理',
  '/api/review/settlement/approve': '结汇审核通过',
  '/api/review/settlement/reject': '结汇审核不通过',
  '/api/review/verification/approve': '核销审核通过',
  '/api/review/verification/reject': '核销审核不通过',
  '/api/review/subsidy/start': '补贴开始核验',
  '/api/review/subsidy/finish': '补贴核验完成',
  '/api/review/ticket/pageList': null,
  '/api/review/ticket/process': '受理工单',
  '/api/review/ticket/close': '关闭工单',
  '/api/review/enterprise/pageList': null,
  '/api/review/enterprise/accounts': null,
  '/api/review/enterprise/backupStatus': null,
  '/api/review/enterprise/freeze': '冻结企业',
  '/api/review/enterprise/unfreeze': '解冻企业',
};

import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps come back as Date from both PGlite and pg. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface CompaniesTable {
  id: Generated<number>;
  /** 海关注册编码 (10). Null until the enterprise is filed; such users cannot open bill pages. */
  company_code: string | null;
  company_name: string;
  social_credit_code: string | null;
  dxp_id: string | null;
  /** 5 = 审核中 (edit hidden); see docs/decisions/account-side-enterprise-filing.md. */
  approve_state: number;
  /** Remaining profile fields of the enterprise page (issue 6). */
  profile: ColumnType<Record<string, unknown>, Record<string, unknown> | string | undefined, Record<string, unknown> | string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** 海关注册编码 given at registration (migration 005); company_code once the filing is approved. */
  customs_regist_code: ColumnType<string | null, string | null | undefined, string | null>;
  third_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  auth_code: ColumnType<string | null, string | null | undefined, string | null>;
  auth_code_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  applied_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Set while an operator has frozen the company (migration 027): its users are refused. */
  frozen_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Enterprise attachments (migration 005): jpeg/png ≤ 500 KB, bytes in the database. */
export interface CompanyFilesTable {
  id: Generated<number>;
  company_id: number;
  file_type: string;
  file_name: string;
  content_type: string;
  size: number;
  content: Uint8Array;
  token: string;
  created_at: CreatedAt;
}

/** The enterprise filing's approval history (migration 005). */
export interface CompanyApprovalsTable {
  id: Generated<number>;
  company_id: number;
  operation_time: CreatedAt;
  user_name: string;
  approve_state: number;
  opinion: string | null;
  note: string | null;
}

/** The filing as it was approved (migration 028): what the reviewer compares a new declaration with. */
export interface CompanyFilingVersionsTable {
  id: Generated<number>;
  company_id: number;
  approval_id: number | null;
  approved_at: CreatedAt;
  company_name: string;
  company_code: string | null;
  profile: ColumnType<Record<string, unknown>, Record<string, unknown> | string, never>;
  files: ColumnType<FiledAttachment[], FiledAttachment[] | string, never>;
}
/** An attachment as a version lists it (its bytes stay in company_files under the same id). */
export interface FiledAttachment { id: number; fileType: string; fileName: string; size: number }

export interface UsersTable {
  id: Generated<number>;
  /** null exactly for a platform operator (PLATFORM, migration 027) */
  company_id: number | null;
  parent_id: number | null;
  login_name: string;
  user_name: string;
  user_type: 'ADMIN' | 'USER' | 'PLATFORM';
  state: 'EFFECTIVE' | 'INVALID';
  password_hash: string;
  password_changed_at: Timestamp;
  created_at: CreatedAt;
}

export interface RefreshTokensTable {
  /** sha256 of the opaque token; the token itself is never stored. */
  token_hash: string;
  family_id: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface CaptchasTable {
  captcha_id: string;
  answer: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface LoginAttemptsTable {
  /** 'pair:<ip>|<loginName>' (locks) or 'account:<loginName>' (slows down): server/auth/login-limits.ts */
  attempt_key: string;
  failures: number;
  window_start: Timestamp;
  locked_until: Timestamp | null;
}

/** The one rate limiter's fixed windows (server/http/rate-limit.ts): '<limit>:<ip>' → hits since window_start. */
/** One-use tickets of the event stream (migration 021), by SHA-256. */
export interface EventTicketsTable {
  ticket_hash: string;
  user_id: number;
  family_id: string;
  claims: ColumnType<Record<string, unknown>, string, string>;
  expires_at: Timestamp;
}

/** A sub-account's grants (migration 024): module pages (code '') and button codes. */
export interface UserGrantsTable {
  user_id: number;
  module_id: number;
  code: string;
}

/** API keys of machine clients (migration 025); only the SHA-256 of the secret is kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  company_id: number;
  created_by: number;
  name: string;
  secret_hash: string;
  secret_prefix: string;
  state: ColumnType<'EFFECTIVE' | 'INVALID', 'EFFECTIVE' | 'INVALID' | undefined, 'EFFECTIVE' | 'INVALID'>;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  last_used_ip: string | null;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface ApiKeyGrantsTable {
  api_key_id: number;
  module_id: number;
  code: string;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: Timestamp;
  hits: number;
}

export interface ModulesTable {
  id: number;
  parent_id: number;
  uri: string;
  name: string;
  icon: string;
  code: string;
  sort_no: number;
  /** user types that see the module */
  roles: string[];
  /** a page reachable by route (detail, add) but not shown in the side menu */
  hidden: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface ModuleButtonsTable {
  module_id: number;
  code: string;
  name: string;
  roles: string[];
}

export interface DictionaryItemsTable {
  dic_code: string;
  value: string;
  name: string;
  sort_no: number;
}

export interface StateDictionaryTable {
  mode: string;
  bill_type: string;
  state: string;
  state_name: string;
  sort_no: number;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

type Json = ColumnType<Record<string, unknown>, Record<string, unknown> | string | undefined, Record<string, unknown> | string>;
/** bigserial ids: numbers from both drivers (pg's int8 parser is set in database.ts) */
type BigId = Generated<number>;

export interface BillHeadsTable {
  id: BigId;
  company_id: number;
  bill_key: string;
  mode: string;
  state: string;
  cop_no: string | null;
  order_no: string | null;
  logistics_no: string | null;
  invt_no: string | null;
  pre_no: string | null;
  bill_no: string | null;
  pay_no: string | null;
  ebc_code: string | null;
  ebc_name: string | null;
  ebp_code: string | null;
  ebp_name: string | null;
  agent_code: string | null;
  agent_name: string | null;
  logistics_code: string | null;
  logistics_name: string | null;
  pay_code: string | null;
  customs_code: string | null;
  trade_mode: string | null;
  app_type: string | null;
  app_time: Date | null;
  return_status: string | null;
  return_time: string | null;
  return_info: string | null;
  data: Json;
  version: Generated<number>;
  create_time: CreatedAt;
  update_time: Timestamp;
}

export interface BillLinesTable {
  id: BigId;
  /** the head's company (migration 031): every statement on lines names it */
  company_id: number;
  head_id: number;
  gnum: number;
  data: Json;
}

export interface CustomsMessagesTable {
  id: BigId;
  guid: string;
  company_id: number;
  bill_id: number | null;
  message_type: string;
  /** pending | sending | sent | failed */
  status: string;
  xml: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
  /** the outbox worker that claimed it (outbox_workers.id), while 'sending' */
  claimed_by: string | null;
}

/** Receipt files of the folder transport's inbox claimed by one app server (migration 023). */
export interface InboxClaimsTable {
  /** the file's name and size */
  file_key: string;
  claimed_by: string;
  claimed_at: Generated<Date>;
}

/** Outbox workers' heartbeats (migration 012). */
export interface OutboxWorkersTable {
  id: string;
  seen_at: Generated<Date>;
}

export interface CustomsReceiptsTable {
  id: BigId;
  guid: string;
  message_type: string;
  business_key: string;
  company_id: number | null;
  bill_id: number | null;
  return_status: string;
  return_time: string;
  return_info: string;
  keys: Json;
  xml: string;
  received_at: CreatedAt;
}

/**
 * The companies a receipt whose codes name several is listed for (migration 049); such a receipt has
 * no company_id of its own and is applied to no bill. A receipt of one company has no row here.
 */
export interface CustomsReceiptCompaniesTable {
  company_id: number;
  receipt_id: number;
}

/** The embedded customs simulator's memory (migration 006). */
export interface CustomsSimDocumentsTable {
  id: BigId;
  message_type: string;
  business_key: string;
  guid: string;
  company_id: number | null;
  status: string;
  head: Json;
  lines: Json;
  numbers: Json;
  updated_at: Timestamp;
}

export interface CustomsSimRepliesTable {
  id: BigId;
  doc_id: number | null;
  company_id: number | null;
  message_type: string;
  receipt_guid: string;
  fields: Json;
  return_status: string;
  return_info: string;
  issues: ColumnType<string[], string[] | string | undefined, string[] | string>;
  last_step: Generated<boolean>;
  due_at: Timestamp;
  claimed_until: Date | null;
}

export interface CustomsSimReceivedTable {
  guid: string;
  message_type: string;
  received_at: CreatedAt;
}

/** 签名记录 (migration 004): a declaration waiting for, or signed by, the external UKey client. */
export interface SignRecordsTable {
  id: BigId;
  company_id: number;
  message_id: number | null;
  cop_no: string;
  /** SignType: CEB303Message … */
  type: string;
  purpose: string;
  wait_sign_data: string;
  sign_result: string | null;
  certificate: string | null;
  note: string | null;
  /** CbeSignState: WAIT | SIGNED | FAILED */
  state: string;
  return_info: string | null;
  create_time: CreatedAt;
  update_time: Timestamp;
}

/** Bulk actions as resumable jobs (migration 009). */
export interface OperationLogsTable {
  id: BigId;
  /** null: a platform operator's decision (migration 027) */
  company_id: number | null;
  user_id: number | null;
  account: string;
  actor_name: Generated<string>;
  ip: Generated<string>;
  module: string;
  action: string;
  bill_type: string | null;
  record_ids: ColumnType<number[], number[] | undefined, number[]>;
  bill_nos: ColumnType<string[], string[] | undefined, string[]>;
  /** 成功 | 失败 */
  outcome: string;
  message: Generated<string>;
  created_at: CreatedAt;
}

export interface BillJobsTable {
  id: BigId;
  company_id: number;
  user_id: number | null;
  mode: string;
  bill_key: string;
  action: string;
  ids: ColumnType<number[], string, string>;
  cursor: Generated<number>;
  total: number;
  succeeded: Generated<number>;
  failed: ColumnType<{ id: number; title: string; message: string }[], string | undefined, string>;
  state: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  finished_at: Date | null;
}

export interface FilesTable {
  id: BigId;
  company_id: number;
  uri: string;
  name: string;
  size: number;
  content_type: string;
  created_at: CreatedAt;
}

/** Files kept in the database (migration 007): news covers and attachments, knowledge documents, ticket screenshots. */
export interface StoredFilesTable {
  id: Generated<number>;
  /** null = published content */
  company_id: number | null;
  token: string;
  file_name: string;
  content_type: string;
  size: number;
  content: Uint8Array;
  created_at: CreatedAt;
}

/** News (NEWS) and notices (NOTICE), migration 007. */
export interface NoticesTable {
  id: Generated<number>;
  type: string;
  title: string;
  content: string;
  cover_file_id: number | null;
  create_time: CreatedAt;
  update_time: Timestamp;
  /** migration 030: the enterprise reads only published items; the operator's new items start as drafts */
  published: ColumnType<boolean, boolean | undefined, boolean>;
  published_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface NoticeFilesTable {
  notice_id: number;
  file_id: number;
  sort_no: ColumnType<number, number | undefined, number>;
}

export interface KnowledgeFilesTable {
  id: Generated<number>;
  file_name: string;
  file_id: number;
  create_time: CreatedAt;
  /** e 出口说明, i 进口说明, other 其他 (migration 011) */
  doc_type: ColumnType<string, string | undefined, string>;
  /** migration 030: the enterprise reads only published documents */
  published: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Work tickets (migration 007): pending → process → stop. */
export interface WorkTicketsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number | null;
  promoter: string;
  ticket_num: string;
  ticket_type: string;
  ticket_title: string;
  ticket_content: string;
  telephone: string;
  state: ColumnType<string, string | undefined, string>;
  reason: string | null;
  create_time: CreatedAt;
  update_time: Timestamp;
}

export interface WorkTicketFilesTable {
  ticket_id: number;
  file_id: number;
  sort_no: ColumnType<number, number | undefined, number>;
}

/** The service desk's answers to a ticket (migration 030). */
export interface WorkTicketRepliesTable {
  id: Generated<number>;
  ticket_id: number;
  user_id: number | null;
  author: string;
  content: string;
  create_time: CreatedAt;
}

export interface WorkTicketReplyFilesTable {
  reply_id: number;
  file_id: number;
  sort_no: ColumnType<number, number | undefined, number>;
}

export interface FeedbackTable {
  id: Generated<number>;
  company_id: number;
  user_id: number | null;
  content: string;
  phone: string | null;
  source: string;
  create_time: CreatedAt;
}

/** 参数设置 (migration 007): unique per (company, type, code). */
export interface CompanySettingsTable {
  id: Generated<number>;
  company_id: number;
  type: string;
  code: string;
  value: string;
  create_time: CreatedAt;
  update_time: Timestamp;
}

/** A user's chosen common functions (migration 007): [{type, moduleId}] in grid order. */
export interface UserFunctionsTable {
  user_id: number;
  functions: ColumnType<{ type: string; moduleId: number }[], string, string>;
  update_time: Timestamp;
}

/** The upgrade wizard's progress per company (migration 007; machines/upgrade-progress.ts). */
export interface UpgradeWizardsTable {
  company_id: number;
  step: ColumnType<string, string | undefined, string>;
  step_at: Timestamp;
  rs_account: string | null;
  rs_password_hash: string | null;
  created_by: string | null;
  created_at: Date | null;
}

/** 结汇单 (migration 008): states of machines/settlement.ts. Amounts are numeric(20,5), read as strings. */
export interface SettlementsTable {
  id: BigId;
  company_id: number;
  ie_type: string;
  state: string;
  declare_no: string | null;
  trade_mode: string | null;
  currency: string | null;
  ebc_code: string | null;
  ebc_name: string | null;
  bank_code: string | null;
  bank_name: string | null;
  note: string | null;
  spec_decl_flag: ColumnType<string, string | undefined, string>;
  total_amount: ColumnType<string, string | number | undefined, string | number>;
  total_count: ColumnType<number, number | undefined, number>;
  verified_amount: ColumnType<string, string | number | undefined, string | number>;
  verifying_amount: ColumnType<string, string | number | undefined, string | number>;
  audit_opinion: string | null;
  app_time: Date | null;
  state_time: Timestamp;
  create_time: CreatedAt;
  update_time: Timestamp;
  version: ColumnType<number, number | undefined, number>;
  /** 锁定 (migration 048): its own state beside the workflow's, machines/settlement-lock.ts */
  lock_state: ColumnType<string, string | undefined, string>;
  locked_by: string | null;
  lock_time: Date | null;
}

/** The released inventories of a settlement (migration 008), copied when added. */
export interface SettlementInventoriesTable {
  id: BigId;
  settlement_id: number;
  company_id: number;
  bill_id: number;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  invt_no: string | null;
  cop_no: string | null;
  order_no: string | null;
  logistics_no: string | null;
  ebc_code: string | null;
  ebc_name: string | null;
  trade_mode: string | null;
  currency: string | null;
  amount: ColumnType<string, string | number, string | number>;
  gross_weight: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  ie_date: string | null;
  release_time: Date | null;
  create_time: CreatedAt;
}

/** 核销 applications (migration 008): states of machines/settlement-verification.ts. */
export interface SettlementVerificationsTable {
  id: BigId;
  company_id: number;
  settlement_id: number;
  ver_no: string;
  amount: ColumnType<string, string | number, string | number>;
  state: string;
  reason: string | null;
  audit_opinion: string | null;
  app_time: CreatedAt;
  state_time: Timestamp;
  update_time: Timestamp;
}

/** History of cancelled applications (migration 008): revoke_type 1 settlement, 2 verification. */
export interface SettlementRevocationsTable {
  id: BigId;
  company_id: number;
  revoke_type: number;
  settlement_id: number | null;
  verification_id: number | null;
  declare_no: string | null;
  agent_name: string | null;
  app_time: Date | null;
  reason: string;
  bank_name: string | null;
  total_count: number | null;
  total_amount: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  audit_opinion: string | null;
  state_name: string | null;
  update_time: CreatedAt;
}

/** Settlement authorizations (migration 008): states of machines/authorization.ts. */
export interface SettlementAuthorizationsTable {
  id: BigId;
  agent_company_id: number;
  agent_code: string;
  agent_name: string;
  commerce_code: string;
  commerce_name: string;
  state: string;
  create_time: CreatedAt;
  update_time: Timestamp;
}

/** Reward applications (migration 008): states of machines/reward.ts. */
export interface SubsidiesTable {
  id: BigId;
  company_id: number;
  company_name: string;
  apply_type: string;
  company_type: string;
  ck_start_time: ColumnType<string, string, string>;
  ck_end_time: ColumnType<string, string, string>;
  note: string | null;
  import_no: number;
  state: string;
  apply_time: CreatedAt;
  state_time: Timestamp;
  audit_time: Date | null;
  update_time: Timestamp;
}

export interface SubsidyCompaniesTable {
  id: BigId;
  subsidy_id: number;
  rec_company_code: string;
  rec_company_name: string;
}

/** Imported bill numbers (migration 008): by import number until an application takes them. */
export interface SubsidyBillsTable {
  id: BigId;
  company_id: number;
  import_no: number;
  subsidy_id: number | null;
  row_no: number;
  bill_no: string;
  pay_company_name: string | null;
  rec_company_name: string | null;
  take_time: string | null;
  flight_no: string | null;
  flight_date: string | null;
  gross_weight: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  create_time: CreatedAt;
}

export interface SubsidyResultsTable {
  id: BigId;
  subsidy_id: number;
  row_no: number;
  data: Json;
}

/** Statistics summary kept by triggers (migration 008, server/statistics/summary-sql.ts). */
export interface StatisticsDailyTable {
  company_id: number;
  mode: string;
  /** the tab: ebc, ebp or zone */
  dim: string;
  ie_date: ColumnType<string, string, string>;
  trade_mode: string;
  customs_code: string;
  code: string;
  name: string;
  bills: number;
  goods_value: string;
  gross_weight: string;
}

/** Bills per company, bill type, mode, China day of creation and state (migration 034, server/bills/counts-sql.ts). */
export interface BillCountsTable {
  company_id: number;
  bill_key: string;
  mode: string;
  day: ColumnType<string, string, string>;
  state: string;
  n: number;
}

export interface Database {
  companies: CompaniesTable;
  company_files: CompanyFilesTable;
  company_approvals: CompanyApprovalsTable;
  company_filing_versions: CompanyFilingVersionsTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  captchas: CaptchasTable;
  login_attempts: LoginAttemptsTable;
  rate_limits: RateLimitsTable;
  user_grants: UserGrantsTable;
  api_keys: ApiKeysTable;
  api_key_grants: ApiKeyGrantsTable;
  event_tickets: EventTicketsTable;
  modules: ModulesTable;
  module_buttons: ModuleButtonsTable;
  dictionary_items: DictionaryItemsTable;
  state_dictionary: StateDictionaryTable;
  app_secrets: AppSecretsTable;
  bill_heads: BillHeadsTable;
  bill_lines: BillLinesTable;
  customs_messages: CustomsMessagesTable;
  outbox_workers: OutboxWorkersTable;
  inbox_claims: InboxClaimsTable;
  customs_receipts: CustomsReceiptsTable;
  customs_receipt_companies: CustomsReceiptCompaniesTable;
  files: FilesTable;
  sign_records: SignRecordsTable;
  customs_sim_documents: CustomsSimDocumentsTable;
  customs_sim_received: CustomsSimReceivedTable;
  customs_sim_replies: CustomsSimRepliesTable;
  bill_jobs: BillJobsTable;
  operation_logs: OperationLogsTable;
  stored_files: StoredFilesTable;
  notices: NoticesTable;
  notice_files: NoticeFilesTable;
  knowledge_files: KnowledgeFilesTable;
  work_tickets: WorkTicketsTable;
  work_ticket_files: WorkTicketFilesTable;
  work_ticket_replies: WorkTicketRepliesTable;
  work_ticket_reply_files: WorkTicketReplyFilesTable;
  feedback: FeedbackTable;
  company_settings: CompanySettingsTable;
  user_functions: UserFunctionsTable;
  upgrade_wizards: UpgradeWizardsTable;
  settlements: SettlementsTable;
  settlement_inventories: SettlementInventoriesTable;
  settlement_verifications: SettlementVerificationsTable;
  settlement_revocations: SettlementRevocationsTable;
  settlement_authorizations: SettlementAuthorizationsTable;
  subsidies: SubsidiesTable;
  subsidy_companies: SubsidyCompaniesTable;
  subsidy_bills: SubsidyBillsTable;
  subsidy_results: SubsidyResultsTable;
  statistics_daily: StatisticsDailyTable;
  bill_counts: BillCountsTable;
  /** what each statement on bill_heads added to bill_counts, not yet folded in */
  bill_count_deltas: BillCountsTable;
}

export type Company = Selectable<CompaniesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

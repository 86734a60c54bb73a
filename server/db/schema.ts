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
  /** 5 = 审核中 (edit hidden); see docs/decisions.md. */
  approve_state: number;
  /** Remaining profile fields of the enterprise page (issue 6). */
  profile: ColumnType<Record<string, unknown>, Record<string, unknown> | string | undefined, Record<string, unknown> | string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  login_name: string;
  user_name: string;
  user_type: 'ADMIN' | 'USER';
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
  /** 'account:<loginName>' or 'ip:<address>' */
  attempt_key: string;
  failures: number;
  window_start: Timestamp;
  locked_until: Timestamp | null;
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

export interface FilesTable {
  id: BigId;
  company_id: number;
  uri: string;
  name: string;
  size: number;
  content_type: string;
  created_at: CreatedAt;
}

export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  captchas: CaptchasTable;
  login_attempts: LoginAttemptsTable;
  modules: ModulesTable;
  module_buttons: ModuleButtonsTable;
  dictionary_items: DictionaryItemsTable;
  state_dictionary: StateDictionaryTable;
  app_secrets: AppSecretsTable;
  bill_heads: BillHeadsTable;
  bill_lines: BillLinesTable;
  customs_messages: CustomsMessagesTable;
  customs_receipts: CustomsReceiptsTable;
  files: FilesTable;
}

export type Company = Selectable<CompaniesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

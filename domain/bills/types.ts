/**
 * The bill definition format: one plain-data object per bill type drives the list and detail
 * pages, the server's routes, validation and query whitelist, Excel templates and the CEB XML.
 * No JSX and no callbacks, so the server and the browser import the same files.
 * When a bill type needs something generic code cannot express, add a word here; never an
 * `if (key === …)` in the engine.
 */
import type { Sort, TermType } from '../query.ts';
import type { DeclareChecksDef, IssuedFill, PickLinesDef } from './words.ts';
import type { DeriveDef, DeriveKey, LinesViewDef, UploadDef } from './action-words.ts';

export type BillMode = 'export' | 'import';

export type FieldKind =
  | 'text'
  | 'textarea'
  /** decimal; digits/scale as the XSD's N19,5 */
  | 'number'
  | 'integer'
  /** a code chosen from a dictionary (codeTable) or fixed options */
  | 'select'
  /** yyyy-MM-dd in the API; yyyyMMdd in XML */
  | 'date'
  /** yyyy-MM-dd HH:mm:ss in the API; yyyyMMddHHmmss in XML */
  | 'datetime'
  /** a string of 0/1 shown as checkboxes (specDeclFlag) */
  | 'flags';

/** Values the server fills when a field is empty: the company's own data or the clock. */
export type DefaultWord = 'company.code' | 'company.name' | 'company.dxpId' | 'now' | 'dxp';

export interface FieldDef {
  /** JSON name in the API (camelCase), also the message's element name unless `xml` says otherwise */
  name: string;
  /** Chinese label (form, list header, error messages, Excel header) */
  label: string;
  kind: FieldKind;
  /** characters (Unicode code points), the way the customs XSDs count */
  maxLength?: number;
  /** number: total digits and decimals (N19,5 → 19, 5); integer: digits */
  digits?: number;
  scale?: number;
  /**
   * number: how its value reads (number-format.ts): 'money' (thousands separators; two decimals in
   * lists and the export, the spec's scale in the detail) or 'quantity' (quantities, weights:
   * thousands separators, only the decimals it has); absent = 'quantity'
   */
  figure?: 'money' | 'quantity';
  required?: boolean;
  /** shown but never taken from the user (customs-issued numbers, computed values) */
  readOnly?: boolean;
  /** select: dictionary code served by /api/dictionary/item/queryByCode */
  codeTable?: string;
  /** select: fixed options when there is no dictionary */
  options?: readonly { value: string; label: string }[];
  /** flags: the checkbox labels, one per character */
  flagLabels?: readonly string[];
  /** filled when the user leaves it empty */
  default?: string | number | { word: DefaultWord };
  /** CEB element name when it differs from `name`; false = the field is not sent to customs */
  xml?: string | false;
  /** the element belongs to the message's closing block: BaseTransfer (copCode, copName, dxpMode, dxpId, note), or a DecMessage's DecSign (ClientSeqNo) */
  transfer?: boolean;
  /** optional for saving a draft, required to declare (the XSD demands it; the spec's form does not) */
  requiredToDeclare?: boolean;
  /** an indexed column of bill_heads (snake_case) lists filter and sort on; else kept in jsonb */
  column?: HeadColumn;
  /**
   * a value the server changes on its own (报送类型 1 新增 → 2 变更 once the bill was declared): the
   * detail page says so next to the field when it sees the change
   */
  announceChange?: boolean;
  /** form layout: how many of the 3 grid columns the input spans */
  span?: 1 | 2 | 3;
}

/** Columns of bill_heads that head fields may live in (see server/db/migrations). */
export type HeadColumn =
  | 'cop_no' | 'order_no' | 'logistics_no' | 'invt_no' | 'pre_no' | 'bill_no' | 'pay_no'
  | 'ebc_code' | 'ebc_name' | 'ebp_code' | 'ebp_name' | 'agent_code' | 'agent_name'
  | 'logistics_code' | 'logistics_name' | 'pay_code' | 'customs_code' | 'trade_mode' | 'app_type';

export interface ListColumn {
  /** a head field name, or one of the common fields (state, stateName, appTime, createTime, returnInfo) */
  field: string;
  /** header text when it differs from the field's label */
  label?: string;
  sortable?: boolean;
  width?: number;
  /** clicking the value opens the detail page (and the column stays in view on the left) */
  navigate?: boolean;
  /**
   * where the list table puts it (issue 19: what a declarant reads first needs no sideways
   * scrolling): 'pinned' stays in view on the left with the selection, 序号 and the navigating
   * number (状态); 'lead' comes right after the pinned ones and scrolls (回执信息). The export writes
   * them in the same order (list-order.ts).
   */
  place?: 'pinned' | 'lead';
}

export interface SearchField {
  field: string;
  termType: TermType;
  label?: string;
  /** a single choice among these values instead of the field's own (清单 trade_mode: 出口9610 / 出口1210) */
  options?: readonly { value: string; label: string }[];
}

export interface ListConfig {
  columns: readonly ListColumn[];
  search: readonly SearchField[];
  defaultSort: readonly Sort[];
  pageSize: number;
  pageSizeOptions: readonly number[];
  /** previous/next only; the server answers an array and the total is estimated (bills §9) */
  simplePaging?: boolean;
  /** no create_time window on list and count calls */
  noCreateTime?: boolean;
  /** the default creation window: one year back (generic) or the last 7 days */
  createWindow?: 'year' | 'week';
  indexColumn?: boolean;
  selection?: boolean;
  /** a line under the list with a total over the current conditions (税单: 税款总额 … 元 人民币) */
  summary?: ListSummary;
  /**
   * the page a row opens when it is not the bill's own detail page, `{id}` standing for the row's
   * id (签名记录: `/sign/detail/{id}`, bills §2); absent: /details/{mode}/{key}?id=…
   */
  detailPage?: `/${string}`;
}

/** A figure over everything the list's conditions find, asked whenever they change. */
export interface ListSummary {
  /** the BillApi key whose path answers it (`summary`), or a path under /api/enterprise */
  api: keyof BillApi | `/${string}`;
  /** the text shown; {value} stands for the answer, e.g. `税款总额 {value} 元 人民币` */
  label: string;
  /** the head field the server adds up over the list's conditions (税单: taxAmount), answered as money text */
  sum?: string;
}

/**
 * What a list button does: export the list · open an add page · a batch action on the selected
 * rows · a batch action that first asks for `prompt`'s text · a bill-specific dialog (`dialog`) ·
 * a bulk job on the selected rows (`job`: 批量申报 through /api/enterprise/bills/jobs, with a
 * progress dialog; the server runs it in the background).
 */
export type ActionKind = 'export' | 'add' | 'batch' | 'prompt' | 'dialog' | 'job'
  /** 上传Excel: a file chosen, uploaded, and its path sent to `api` ({filePath}); no selection */
  | 'upload'
  /** 下载数据模板: `api` answers a downloadUri, opened in a new window; no selection */
  | 'download';

/** What the user can do, with the lifecycle event that decides in which states it is allowed. */
export interface ActionDef {
  /** button code of bills §6 (declare, batchDeclare, sendReciept, export, …) */
  code: string;
  label: string;
  /** where the button is: the list's top bar (acts on selected rows) or the detail page */
  place: 'list' | 'detail';
  /** the bill-lifecycle event it sends; states that do not accept it refuse the action */
  event?: string;
  confirm?: string;
  /** a required text asked before sending (reason, note) */
  prompt?: { field: string; label: string; requiredMessage: string; maxLength: number };
  /** API path key in `api` that performs it */
  api: keyof BillApi;
  /** needs selected rows (请选择操作数据！) */
  needsSelection?: boolean;
  /** what the button does; absent: read from `api` (export, save → add, else batch) */
  kind?: ActionKind;
  /** kind 'dialog': the name of the view's dialog that carries it out (src/features/bills registry) */
  dialog?: string;
  /** the success toast (bills §8: 删除成功！, 申请成功, 申请撤销成功); absent: 操作成功！ */
  success?: string;
  /** kind 'add': the route it opens when it is not the bill's own add page (汇总申请 → /bill/export/detailedList) */
  opens?: string;
  /**
   * kind 'dialog' with dialog 'form': the fields asked before sending (批量离境's leaveTime, the
   * summary flags), checked like any field and sent beside the ids; the server checks them again
   */
  form?: readonly FieldDef[];
  /** the request's key for the selected ids when it is not `ids` (declarationByInvrntory: inventoryIds) */
  idsKey?: string;
  /**
   * A filter over the bills the action takes (汇总: the inventories that can be summarised), asked
   * in the dialog and sent as `terms`; confirming with none of it filled asks `emptyConfirm` first
   * (尚未对可汇总清单进行筛选, 是否进行筛选?).
   */
  filter?: { fields: readonly FilterField[]; emptyConfirm: string };
}

/** One input of an action's filter: its value becomes the term {column, termType, value}. */
export interface FilterField {
  field: FieldDef;
  /** the source list's query column (snake_case), e.g. app_time */
  column: string;
  termType: TermType;
}

/** The spec's call paths for a bill (bills §7), relative to /api/enterprise. */
export interface BillApi {
  pageList: string;
  queryStateCount?: string;
  detail: string;
  lines?: string;
  save?: string;
  saveAndApply?: string;
  saveLines?: string;
  apply?: string;
  delete?: string;
  deleteLines?: string;
  export?: string;
  sendReceipt?: string;
  downloadQueryTemplate?: string;
  /** the list's summary figure (税单: /invtTax/queryTotalTax), with the list's terms */
  summary?: string;
  /** the bills offered to pick lines from (definition.pick; 报关单: /expuDeclaration/queryOrderList) */
  pickList?: string;
  /** saves the picked bills as lines (definition.pick; 报关单: /expuDeclaration/saveListByOrderIds) */
  pickSave?: string;
  // Actions that make other bills (definition.derive, action-words.ts): bills §4, §7
  /** 申请退货 (declarationExpuRefund): 退货申请 made and declared, with the reason */
  refund?: string;
  /** 申请撤单 (declarationExpuInvtCancel) / 撤销 of a 清单总分单: cancellations made and declared */
  cancel?: string;
  /** 批量离境 (declarationLeave): 离境单 made and declared with leaveTime */
  leave?: string;
  /** 生成运抵单 (exportDelivery) */
  delivery?: string;
  /** 生成清单总分单 (exportInventoryReinsurance) */
  reinsurance?: string;
  /** 汇总申请 of the chosen inventories (/expuSummaryApply/declarationByInvrntory) */
  summarize?: string;
  /** 汇总 of the inventories a condition finds (/expuSummaryApply/declarationByCondition) */
  summarizeByCondition?: string;
  /** 改为退单 (updateCustomReturn): the bill becomes 海关退单, editable again (user.markReturned) */
  customReturn?: string;
  /** 上传Excel (uploadTemplate {filePath}): bills made from a filled data template (definition.upload) */
  uploadTemplate?: string;
  /** 下载数据模板 (downloadUploadTemplate): the empty data template */
  downloadUploadTemplate?: string;
}

export interface CustomsMessageDef {
  /** CEB303 … (customs_messages.message_type, at most 12 characters; 报关单: DEC) */
  type: string;
  /** root element, e.g. CEB303Message (报关单: DecMessage) */
  root: string;
  /**
   * which CEB schema validates it; absent = the message has no official schema here (报关单): the
   * definition's own checks (lengths, required, formats) are its check, and the builder still
   * refuses a value it cannot write
   */
  schema?: 'export' | 'import';
  /** repeated business element under the root (Order, Receipts, Logistics); absent = the root carries one bill (DecMessage) */
  body?: string;
  /** head element inside body (OrderHead); omitted = the body is flat (Receipts, Logistics) */
  head?: string;
  /** line element inside body (OrderList) */
  line?: string;
  /** a bill with many lines goes out as several messages numbered 1..k (报文总数/报文序号) */
  split?: MessageSplit;
  /**
   * A message of the 单一窗口's 货物申报 family instead of a CEB one (报关单): its own namespace and
   * version, lines wrapped in a group, the `transfer` fields in a closing block other than
   * BaseTransfer, and no XML-DSig of the console (see DecLayout).
   */
  dec?: DecLayout;
  /** the receipt customs answers with */
  receipt: MessageReceiptDef;
  /**
   * further receipts answering the same message, in another layout (报关单: the 单一窗口's import
   * response beside the DEC_DATA receipt); each keyed on its own fields
   */
  answers?: readonly MessageReceiptDef[];
}

export interface MessageReceiptDef {
  /** CEB304 … (customs_receipts.message_type, at most 12 characters) */
  type: string;
  /** CEB304Message */
  root: string;
  /** OrderReturn; equal to `root` when the root is the one answer (DecImportResponse) */
  element: string;
  /**
   * fields of the receipt that identify the bill, matched against the head fields of the same
   * element name (CEB), or of the same field name (`format` receipts: their fields are read under
   * the bill's field names)
   */
  keys: readonly string[];
  /** a receipt outside the CEB catalogue, read by these words (报关单's import response and DEC_DATA) */
  format?: ReceiptFormat;
}

/**
 * How a DecMessage (单一窗口 报关单报文) is written, beside the CEB words body/head/line:
 *
 *   <DecMessage xmlns="namespace" Version="version">
 *     <DecHead>…head fields, PascalCase element names (FieldDef.xml)…</DecHead>
 *     <DecLists><DecList>…line fields…</DecList>×n</DecLists>      (lineGroup, line)
 *     <DecSign>OperType, …the `transfer` fields…</DecSign>          (block, blockFirst)
 *   </DecMessage>
 */
export interface DecLayout {
  /** the default namespace of the message (http://www.chinaport.gov.cn/dec) */
  namespace: string;
  /** the root's Version attribute (3.1) */
  version: string;
  /** the element wrapping the lines (DecLists) */
  lineGroup: string;
  /** the closing block holding the `transfer` fields (DecSign) */
  block: string;
  /** elements the console writes first in the block with fixed values (OperType C 报关单申报) */
  blockFirst: readonly { element: string; value: string }[];
  /**
   * who signs: 'client' — the 单一窗口 client signs the block (Sign, Certificate, SignDate …) with
   * the operator's card when it takes the file; the console's signer leaves the message alone
   */
  signedBy: 'client';
}

/**
 * A receipt described by its definition rather than the CEB catalogue (报关单: DecImportResponse,
 * DEC_DATA/DEC_RESULT). Its elements are read under the bill's field names, its status code is
 * translated onto the lifecycle's customs codes by `statusMap` (data, e.g. dec-channels.ts).
 */
export interface ReceiptFormat {
  /** 报关单回执 */
  label: string;
  /** the default namespace customs writes it in ('' = none) */
  namespace: string;
  /** the elements read, in the receipt's order, each kept under `name` (a head field name for keys and issued numbers) */
  fields: readonly { element: string; name: string; label: string; also?: readonly string[] }[];
  /** the element holding the status code (ResponseCode, CHANNEL) */
  status: string;
  /**
   * the element holding customs' time (NOTICE_DATE); absent = the receipt carries none: it is
   * stamped with the time it is read and only a refusal moves the bill (a success could overtake
   * the timed answers that follow it)
   */
  time?: string;
  /** the element holding the text (ErrorMessage, NOTE) */
  info: string;
  /** status code → the lifecycle's customs code (3, 120, 800 …, negative = 申报异常) */
  statusMap: Readonly<Record<string, string>>;
  /** the customs code of any status the map lacks; absent = such a receipt is stored and moves nothing */
  otherwise?: string;
  /** fields (by name) whose values customs issues into the bill's read-only head fields of that name (seqNo, entryId) */
  issues?: readonly string[];
}

/**
 * Large bills split over several messages, where the schema numbers them (CEB507 运抵单, 509 离境单,
 * 607 清单总分单, 701 汇总申请: msgCount 报文总数, msgSeqNo 报文序号). A bill of L lines goes out as
 * k = ⌈L / linesPerMessage⌉ messages (one when it has no lines), each with the whole head, its share
 * of the lines in order, `countField` = k and `seqField` = 1..k without gaps; the builder fills
 * both, whatever the bill holds.
 */
export interface MessageSplit {
  /** the most lines one message carries */
  linesPerMessage: number;
  /** the head field written as the number of messages (msgCount) */
  countField: string;
  /** the head field written as the message's number, from 1 (msgSeqNo) */
  seqField: string;
}

export interface BillLinesDef {
  fields: readonly FieldDef[];
  /** body table shows 10 a page with previous/next (bills §9) */
  paged?: boolean;
  /** the line's number field (gnum): a new line gets max+1, deleting a line renumbers the rest 1…n */
  sequenceField?: string;
  /** the line fields the body table shows, in order; absent: every field but long texts */
  columns?: readonly string[];
  min?: number;
  max?: number;
}

export interface BillDefinition {
  key: string;
  mode: BillMode;
  /** menu label, e.g. 出口订单 */
  label: string;
  /** the state dictionary (bills §4) */
  states: { mode: 'EXPU' | 'INVT'; billType: string };
  /** head fields in customs-message element order */
  head: readonly FieldDef[];
  lines?: BillLinesDef;
  list: ListConfig;
  actions: readonly ActionDef[];
  api: BillApi;
  message?: CustomsMessageDef;
  /** the field whose value identifies the bill to a person (shown in messages, the detail title) */
  titleField: string;
  /** head fields that must be unique per company among live bills (customs rejects duplicates) */
  uniqueBy?: readonly string[];
  /** who makes the bill: absent = the user; 'customs' = customs issues it, read-only, filled by the receipt pipeline from `issued` */
  issuedBy?: 'customs';
  /** how customs-issued messages (CEB792, CEB816, CEB818) fill it (words.ts) */
  issued?: readonly IssuedFill[];
  /** lines picked from other bills in a dialog (报关单 订单汇总; words.ts) */
  pick?: PickLinesDef;
  /** other bills customs must hold, and rules, checked before declaring (进口清单 三单比对; words.ts) */
  declareChecks?: DeclareChecksDef;
  /** sections the detail page adds under the body, by name (src/features/bills/overrides: 税费预估) */
  detailSections?: readonly string[];
  /** what each action making other bills does, by its api key (action-words.ts) */
  derive?: Partial<Record<DeriveKey, DeriveDef>>;
  /**
   * This bill withdraws another (撤销申请 → its inventory): when customs' receipt brings it to a state
   * of `at`, the bills of key `source` (same mode and company) whose fields equal this bill's
   * (`by`: source field → this bill's field) move by source.withdrawn (machines/bill-lifecycle.ts).
   */
  withdraws?: { source: string; by: Readonly<Record<string, string>>; at: readonly string[] };
  /** the columns of the data template and how its rows become bills (上传Excel; action-words.ts) */
  upload?: UploadDef;
  /** the list shows another bill type's lines, not bills of its own (汇总申请明细; action-words.ts) */
  linesOf?: LinesViewDef;
}

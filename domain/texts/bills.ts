/** Texts of the bill screens (bills §2, §5, §8), word for word. */
export const billText = {
  confirmBatchDeclare: '确认批量申报吗？',
  confirmResendReceipt: '确定重新发送选中单据回执吗?',
  confirmCustomReturn: '确定批量改为退单吗?',
  confirmSave: '是否保存信息?',
  confirmSaveDeclare: '是否保存并申报？',
  confirmDeleteLines: '是否删除选中数据？',
  confirmDeleteRecord: '是否保删除该条记录?',
  confirmDelete: '是否删除选中数据？',
  confirmResetSearch: '此操作将清空查询条件, 是否继续?',
  confirmImport: '导入数据可能会耗费较多时间, 请耐心等待, 是否导入?',
  selectRows: '请选择操作数据！',
  selectLinesToDelete: '请选择需要删除的数据！',
  selectOrders: '请选择订单数据！',
  selectDownload: '请选择下载文件',
  ok: '操作成功！',
  saved: '保存成功！',
  deleted: '删除成功！',
  stashed: '暂存成功!',
  uploaded: '上传数据成功',
  created: '创建成功！',
  applied: '申请成功',
  revoked: '申请撤销成功',
  imported: '导入成功',
  exportFailed: '导出失败',
  badTemplate: '数据格式不正确或者模板不正确',
  /** an old-format workbook: no maintained, safe .xls reader is at hand (docs/decisions/i18-addresses-xls-refused-upload.md), so it is refused at upload */
  saveAsXlsx: '请将文件另存为 .xlsx 后上传',
  /** bills §2: a bill type the other mode has, opened under this one */
  notApplicable: (mode: 'export' | 'import') => `该业务类型不适用于${mode === 'import' ? '进口' : '出口'}`,
  emptyFile: '文件数据为空或格式不正确！',
  advancedSearch: '高级搜索',
  conditionQuery: '条件查询',
  batchQuery: '批量查询',
  head: '表头信息',
  body: '表体信息',
  detail: '详情',
  add: '添加',
  home: '首页',
  fill: (name: string) => `请填写${name}`,
  choose: (name: string) => `请选择${name}`,
  chooseDate: '请选择日期',
  chooseDateTime: '请选择日期时间',
  cancelReasonRequired: '请输入撤单原因',
  refundReasonRequired: '请输入退货原因',
  noFilterSummary: '尚未对可汇总清单进行筛选, 是否进行筛选?',
  taxTotal: (amount: string) => `税款总额 ${amount} 元 人民币`,
  /** the 税单 list's summary line as a definition word (ListConfig.summary.label) */
  taxTotalLabel: '税款总额 {value} 元 人民币',
} as const;

/** What the bill engine's server answers (docs/bill-engine.md): refusals, file and export messages. */
export const billServerText = {
  notFound: '单据不存在或无权访问',
  /** 回执信息 of an inventory its concluded 撤销申请 withdrew (issue 31; ours) */
  withdrawnInfo: (label: string, title: string) => `${label}${title}海关审结，清单已撤单`,
  /**
   * 回执信息 after 改为退单 (issue 31: it kept customs' last words, 海关入库, under the state 海关退单):
   * the user's own action, never customs' answer — the console toasts no receipt for it (ours)
   */
  markedReturnedInfo: '企业操作：已改为退单（非海关回执）',
  stale: '单据已被修改，请刷新后重试',
  unknownBill: '不支持的单据类型',
  jobNotFound: '任务不存在或无权访问',
  noReceipt: '该单据暂无海关回执，无法重新发送',
  /** `订单编号 SO1 当前状态为海关入库，不能申报` */
  refused: (label: string, value: string, stateName: string, verb: string) => `${label} ${value} 当前状态为${stateName}，不能${verb}`,
  /** `订单编号 SO1 已存在` */
  duplicate: (what: string) => `${what} 已存在`,
  verbs: { save: '修改', declare: '申报', delete: '删除', resendReceipt: '重新发送回执' },
  tooManyIds: (max: number) => `一次最多操作${max}条单据`,
  /** saveBatch (issue 17 §3) */
  noBatchBills: '请提供要保存的单据（bills 不能为空）',
  tooManyBatchBills: (max: number) => `一次最多保存${max}张单据`,
  badBatchBill: '单据格式不正确（每张单据应为一个对象）',
  duplicateInBatch: (what: string) => `${what} 在本批中重复`,
  lineNotFound: '表体数据不存在或无权访问',
  noLines: '该单据没有表体',
  tooManyLines: (max: number) => `表体最多${max}行`,
  duplicateGnum: (gnum: number) => `序号${gnum}重复`,
  exportTooLarge: (max: number) => `导出数据不能超过${max}条，请缩小查询范围`,
  templateNote: (label: string, max: number) => `在第一列“${label}”下每行填写一个${label}，最多${max}个；请勿修改表头。`,
  templateSheet: '查询模板',
  templateFileName: (label: string) => `${label}查询模板`,
  tooManyFiles: (max: number) => `最多上传${max}个文件`,
  noFileChosen: '请选择上传文件',
  oneFileOnly: '一次只能上传一个文件',
  fileTooLarge: (mb: number) => `文件大小不能超过${mb}MB`,
  /** a workbook whose sheets would unpack past the reading limit (ours) */
  workbookTooLarge: '文件内容过多，请拆分为多个文件后上传',
  /** every workbook reader is busy and the queue is full (ours) */
  workbookBusy: '正在读取的文件过多，请稍后再试',
  /** a multipart body that ends before its closing boundary, or is otherwise malformed (ours) */
  uploadIncomplete: '文件上传不完整，请重新上传',
  fileNotFound: '文件不存在或无权访问',
  downloadExpired: '下载链接已失效，请重新导出',
  resendQueued: '已重新发送回执',
  /** headers of the engine's own row fields (list, export) */
  columnLabels: { id: 'ID', state: '状态', stateName: '状态', appTime: '申报时间', createTime: '创建时间', updateTime: '更新时间', returnInfo: '回执信息', returnStatus: '回执状态', returnTime: '回执时间' } as Record<string, string>,
} as const;

/**
 * Texts of the generic bill list (bills §2 "List screen", §5, §7, §8). The spec's own words (高级搜索,
 * 条件查询, 批量查询, confirmations, messages) are in billText; 查询, 重置, Excel导入 and 下载查询模板
 * name the spec's search/reset/import/template controls; everything else here is ours.
 */
export const billListText = {
  /** the column chooser (issue 19): shown columns and widths, per user and list */
  columns: '列设置', // ours
  columnsHint: '勾选要显示的列；拖动表头右缘调整列宽', // ours
  columnsReset: '恢复默认', // ours
  resizeColumn: (label: string) => `调整“${label}”列宽`, // ours
  /** 出口清单 has 18 actions: the main ones show, the rest are in this menu (permissions kept) */
  moreActions: '更多操作', // ours
  /** the state tabs that do not fit the line are in this menu, with their counts (issue 31 item 7) */
  moreStates: '更多', // ours
  all: '全部',
  countsLoading: '正在统计数量',
  refresh: '刷新',
  search: '查询',
  reset: '重置',
  excelImport: 'Excel导入',
  downloadQueryTemplate: '下载查询模板',
  conditionCount: (n: number) => `${n}个条件`,
  index: '序号',
  receipt: '回执',
  receiptOf: (title: string) => `${title} 的回执`,
  receiptTitle: '回执信息（近三天）',
  receiptColumns: { returnTime: '回执时间', returnStatusName: '回执状态', returnInfo: '回执信息' },
  noReceipts: '近三天没有回执',
  noRecords: '暂无数据',
  loadFailed: '列表加载失败',
  retry: '重新加载',
  total: (n: number) => `共 ${n} 条`,
  estimatedTotal: (n: number) => `约 ${n} 条`,
  page: (n: number) => `第 ${n} 页`,
  previousPage: '上一页',
  nextPage: '下一页',
  firstPage: '第一页',
  lastPage: '最后一页',
  pageSize: '每页',
  pageSizeOption: (n: number) => `${n} 条/页`,
  selected: (n: number) => `已选择 ${n} 条`,
  selectRow: (title: string) => `选择 ${title}`,
  selectAll: '全选本页',
  confirmAction: (label: string) => `确定${label}选中的单据吗？`,
  willSubmit: (n: number) => `将提交 ${n} 条单据。`,
  excluded: (n: number, label: string) => `其中 ${n} 条单据的状态不允许${label}，已排除：`,
  noneAllowed: (label: string) => `选中单据的状态均不允许${label}。`,
  stateRefuses: (stateName: string, label: string) => (stateName ? `当前状态为${stateName}，不允许${label}` : `当前状态不允许${label}`),
  resultTitle: (label: string) => `${label}结果`,
  resultSummary: (total: number, succeeded: number, failed: number) => `共 ${total} 条，成功 ${succeeded} 条，失败 ${failed} 条`,
  notSubmitted: (n: number) => `另有 ${n} 条单据的状态不允许该操作，未提交`,
  failedBill: '单据',
  failedReason: '原因',
  close: '关闭',
  chooseFiles: '选择文件',
  removeFile: (name: string) => `移除 ${name}`,
  importHint: '最多3个 .xlsx 文件；文件名只能包含汉字、英文、数字、下划线',
  importAction: '导入',
  imported: (n: number, label: string) => `已按导入的 ${n} 个${label}查询`,
  clearImport: '清除导入条件',
} as const;

/**
 * Texts of a bulk job of the list (批量申报 as a job: progress dialog and the top bar's indicator).
 * The spec is silent on all of them; `label` is the action's own (批量申报).
 */
export const billJobText = {
  /** a job found running whose list has no job action to name it */
  defaultLabel: '批量申报',
  title: (label: string) => `${label}进度`,
  /** the indicator while the job runs, e.g. 批量申报进行中 120/500 */
  running: (label: string, done: number, total: number) => `${label}进行中 ${done}/${total}`,
  /** the indicator once it is done and its dialog was closed before */
  finished: (label: string) => `${label}已完成`,
  progress: (done: number, total: number, percent: number) => `已处理 ${done}/${total}（${percent}%）`,
  progressLabel: '处理进度',
  succeeded: (n: number) => `成功 ${n}`,
  failed: (n: number) => `失败 ${n}`,
  done: '任务已完成',
  background: '关闭窗口不会中断任务，可从列表上方的进度按钮重新打开',
  pollFailing: '进度查询失败，正在重试…',
  failedBill: '单据',
  failedReason: '原因',
  retryFailed: '仅重试失败',
  close: '关闭',
} as const;

/**
 * Texts of the detail page beyond the spec's catalogue above. Button labels of the detail actions
 * come from the definition (domain/bills/actions.ts); entries marked "ours" are wording the spec
 * leaves open.
 */
export const billDetailText = {
  back: '返回',
  toolbar: '单据操作', // ours (accessible name of the button row)
  /** body form: start a new row / put the row into the body table (bills §2 Detail screen) */
  newLine: '新增',
  saveLine: '保存',
  confirmRefresh: '当前修改尚未保存，刷新后将丢失，是否继续？', // ours
  /** edit mode: the bill changed elsewhere (issue 16); 刷新 drops the edits, 继续编辑 keeps them */
  outdated: '该单据已被更新',
  outdatedRefresh: '刷新',
  outdatedKeepEditing: '继续编辑',
  loading: '加载中', // ours
  noLines: '暂无数据', // ours
  selectColumn: '选择', // ours
  selectLine: (n: number) => `选择第${n}行`, // ours
  lineHasErrors: '该行数据有误', // ours
  expand: '展开', // ours
  collapse: '收起', // ours
  previousPage: '上一页', // ours
  nextPage: '下一页', // ours
  page: (n: number) => `第 ${n} 页`, // ours
  /** view mode of a saved draft: declare it as stored, without 编辑 → 保存并申报 (issue 19) */
  declare: '申报', // ours
  confirmDeclare: '是否申报？', // ours
  /** a value the server changed on its own (报送类型 1 新增 → 2 变更 after a declaration), next to the field */
  valueChanged: (label: string, from: string, to: string) => `${label}已由“${from}”自动改为“${to}”（单据已申报过，再次申报按此报送）`, // ours
  /** closes that note for good (remembered per user in this browser) */
  dismissHint: '知道了，不再提示', // ours
  /** a head amount customs wants equal to a sum of the lines (商品金额 = Σ 总价): offered, one click */
  offerSum: (lineLabel: string, sum: string) => `表体${lineLabel}合计 ${sum}，点击填入`, // ours
  /** the sticky header over the form (issue 31): the bill's number, state, last customs answer, actions */
  summary: '单据概要', // ours
  newBill: '新增单据', // ours
  unsaved: '未保存', // ours
  lastAnswer: '最新回执', // ours
  noAnswer: '暂无回执', // ours
} as const;

/**
 * Texts of the actions that make bills from other bills, the data-template upload and the summary
 * dialog (bills §4, §5, §8). The spec's words are in billText (请输入退货原因, 请输入撤单原因,
 * 确定批量改为退单吗?, 尚未对可汇总清单进行筛选, 是否进行筛选?, 申请成功, 申请撤销成功, 上传数据成功);
 * entries marked "ours" are wording the spec leaves open.
 */
export const billActionText = {
  refundReason: '退货原因', // ours (the prompt's label; its required text is the spec's)
  cancelReason: '撤单原因', // ours
  /** 清单总分单 撤销: the spec says only "cancel (with a note reason)" */
  cancelNote: '撤销原因', // ours
  cancelNoteRequired: '请输入撤销原因', // ours
  /** the refusal verbs: `清单编号 X 当前状态为暂存，不能申请退货` (ours) */
  verbs: {
    refund: '申请退货', cancel: '申请撤单', cancelMaster: '撤销', leave: '批量离境', delivery: '生成运抵单',
    reinsurance: '生成清单总分单', summarize: '汇总申请', customReturn: '改为退单',
  },
  /** the summary dialog's options (bills §2: all 2, yes 1, no 0) */
  all: '全部',
  yes: '是',
  no: '否',
  filterTitle: '可汇总清单筛选', // ours
  flagsTitle: '汇总标志', // ours
  goFilter: '去筛选', // ours (the no-filter question's 是)
  summariseAll: '不筛选，直接汇总', // ours (its 否)
  chooseFile: '选择Excel文件', // ours
  uploading: '正在上传', // ours
  uploadHint: '一次上传一个 .xlsx 文件；请使用本页“下载数据模板”的模板', // ours
  /** above the table of refused rows: nothing of the file was saved (ours) */
  uploadRowsRefused: (count: number) => `文件未导入：以下${count}处不符合要求，请修改后重新上传`,
  uploadRowsMore: (count: number) => `另有${count}处未列出`, // ours
  uploadRowHeader: { row: '行号', column: '列', message: '问题' }, // ours
  upload: '上传', // ours
} as const;

/** What the server answers to those actions (ours unless billText has the spec's words). */
/** the code tables the bills' coded fields draw on, by their Chinese names (the template's help sheet) */
export const codeTableNames: Readonly<Record<string, string>> = {
  declare_port: '关区代码表', apply_type: '申报类型代码表', currency: '币制代码表', unit: '计量单位代码表', country: '国别（地区）代码表',
  id_type: '证件类型代码表', traf_mode: '运输方式代码表', wrap_type: '包装种类代码表', wrap_type_v2: '包装种类代码表', statistics_flag: '统计方式代码表',
  trade_mode: '监管方式代码表', port: '港口代码表', fee_flag: '费用标记代码表', ie_flag: '进出口标志代码表',
};
/** a code table this short is listed in the help sheet itself */
const TEMPLATE_CODES_LISTED = 20;

export const billActionServerText = {
  /** `清单编号 31012026E000000001 已在汇总申请 SA2026… 中` */
  alreadySummarised: (label: string, value: string, where: string) => `${label} ${value} 已在汇总申请 ${where} 中`,
  /** the same action asked again for a bill it already made one from: `企业内部编号 X 已有撤销申请，不能重复申请撤单` (ours) */
  alreadyDone: (source: string, made: string, verb: string) => `${source} 已有${made}，不能重复${verb}`,
  noneFound: '没有符合条件的可汇总清单',
  tooManySources: (max: number) => `符合条件的清单超过${max}条，请缩小筛选范围`,
  tooManyRows: (max: number) => `文件数据不能超过${max}行，请拆分后上传`,
  /** a row of the data template: `第3行：请填写物流运单编号` (row numbers as Excel shows them) */
  row: (n: number, message: string) => `第${n}行：${message}`,
  /** two rows of a bill without lines naming the same bill */
  duplicateInFile: (label: string, value: string) => `${label} ${value} 在文件中重复`,
  /** rows of one bill disagreeing on a head field */
  headMismatch: (label: string, title: string) => `${label}与同一单据（${title}）的首行不一致`,
  templateSheet: '数据模板',
  /** the template's second sheet: what each column takes (ours) */
  templateNotesSheet: '说明',
  templateNotesHeader: ['字段', '必填', '最大长度'] as const,
  templateRequired: '是',
  templateOptional: '否',
  /**
   * a coded column in the template's help sheet (issue 31: it said 填写代码（declare_port）): a short
   * table's codes themselves, a long one by its Chinese name
   */
  templateCodeHint: (table: string, items: readonly { value: string; name: string }[]) =>
    items.length > 0 && items.length <= TEMPLATE_CODES_LISTED
      ? `填写代码：${items.map((i) => `${i.value} ${i.name}`).join('、')}`
      : `填写代码（${codeTableNames[table] ?? '代码表'}中的代码）`,
  /** the template's third sheet: filled-in rows to copy (ours) */
  templateSampleSheet: '填写示例',
  /** the refusal's summary when more rows are refused than the toast shows (ours) */
  moreErrors: (shown: string, count: number) => `${shown}；等${count}处错误`,
  templateFileName: (label: string) => `${label}数据模板`,
  templateNote: '第一行为表头，请勿修改；每行一条数据，同一单据的多行表体请重复填写表头字段', // ours
} as const;

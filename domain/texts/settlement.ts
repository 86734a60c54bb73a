/**
 * Texts of exchange settlement (结汇), verification (核销) and settlement authorization
 * (accounts-and-enterprise.md §2, §4, §5, §8), word for word where the spec gives them; entries
 * marked "ours" are wording the spec leaves open.
 */
export const settlementText = {
  pageTitle: '结汇', // ours (the menu label)
  addSettlement: '添加结汇单',
  apply: '提交申请',
  revoke: '撤销申请',
  delete: '删除申请',
  revokeHistory: '查看历史撤销记录',
  /** 批量锁定 / 批量解锁 (§5: "batch lock or unlock needs selection"; every word below ours, docs/decisions/settlement-lock.md) */
  lock: '批量锁定',
  unlock: '批量解锁',
  confirmLock: '确认锁定所选结汇单吗？',
  confirmUnlock: '确认解锁所选结汇单吗？',
  locked: '锁定成功',
  unlocked: '解锁成功',
  lockedBy: (who: string, when: string) => `${who}于${when}锁定`,
  alreadyLocked: (title: string) => `结汇单${title}已锁定，请勿重复锁定`,
  notLocked: (title: string) => `结汇单${title}未锁定，无需解锁`,
  lockedRefused: (title: string, verb: string) => `结汇单${title}已锁定，不能${verb}，请先解锁`,
  pendingDeclareNo: '待生成',
  revokeReason: '申请撤销理由',
  revokeReasonRequired: '申请撤销理由不能为空',
  selectRevoke: '请选择需要撤销的申请单',
  selectRows: '请选择操作数据！',
  selectAddInventory: '请选择需要添加的清单',
  selectDeleteInventory: '请选择需要删除的清单',
  revoked: '申请撤销成功',
  deleted: '删除成功',
  ok: '操作成功！',
  confirmDelete: '是否删除该记录',
  chooseBank: '选择结算银行', // ours
  bank: '结算银行', // ours
  bankRequired: '请选择结算银行', // ours
  note: '备注', // ours
  applied: '提交申请成功', // the reward's wording, reused for the bank application (ours)
  chooseBillType: '请选择结汇单类型', // ours
  exportBill: '出口', // ours
  importBill: '进口', // ours
  /** the history dialog's columns (ours: the record's fields, §3) */
  historyColumns: ['申报编号', '申请企业', '申请时间', '撤销理由', '结算银行', '清单数', '金额', '审核意见', '状态', '撤销时间'],
  /** the list's columns and filters (ours: the record's fields, §3) */
  columns: {
    declareNo: '申报编号', stateName: '状态', businessType: '业务类型', bankName: '结算银行', totalAmount: '总金额', currency: '币制',
    totalCount: '清单数', tradeType: '贸易方式', ebcName: '电商企业', authStateName: '授权状态', appTime: '申请时间', auditOpinion: '审核意见',
    node: '办理环节', createTime: '创建时间', lockStateName: '锁定状态', operation: '操作',
  },
  stateFilter: '状态',
  authFilter: '授权状态',
  search: '查询',
  view: '查看',
  edit: '编辑',
  total: (n: number) => `共 ${n} 条`,
  pageSize: '每页条数', // ours
  lineColumns: { invtNo: '清单编号', copNo: '企业内部编号', orderNo: '订单编号', logisticsNo: '物流运单编号', ebcName: '电商企业', tradeMode: '贸易方式', currency: '币制', amount: '金额', grossWeight: '毛重（千克）', ieDate: '进出口日期', releaseTime: '放行时间', createTime: '创建时间' },
  headFields: { declareNo: '申报编号', stateName: '状态', businessType: '业务类型', bankName: '结算银行', totalAmount: '总金额', currency: '币制', totalCount: '清单数', tradeType: '贸易方式', ebcName: '电商企业', appTime: '申请时间', auditOpinion: '审核意见', note: '备注' },
  badParams: '页面参数不正确', // ours
  add: '添加', // ours (the candidates dialog's confirm)
  // the detail page
  detailTitle: '结汇单详情', // ours
  headTitle: '结汇单信息', // ours
  linesTitle: '清单信息', // ours
  addInventory: '添加清单',
  deleteInventory: '删除清单',
  candidatesTitle: '选择已放行清单', // ours
  saveHead: '保存', // ours
  saved: '保存成功!',
  back: '返回', // ours
  tradeMode: '贸易方式', // ours
  createTime: '创建时间', // ours
  specDeclFlag: '特殊申报标志', // ours
  // refusals (ours)
  notFound: '结汇单不存在或无权访问',
  inventoryNotFound: (n: number) => `有${n}票清单不存在、未放行或无权访问`,
  inventoryTaken: (invtNo: string) => `清单${invtNo}已在其他结汇单中`,
  mixedTradeMode: '同一结汇单的清单贸易方式必须相同',
  mixedCurrency: '同一结汇单的清单币制必须相同',
  mixedEbc: '同一结汇单的清单电商企业必须相同',
  noInventory: '结汇单没有清单，不能提交申请',
  badBank: '结算银行不正确',
  badRevokeType: '撤销类型不正确',
  badSpecDeclFlag: '特殊申报标志不正确',
  tooMany: (max: number) => `一次最多操作${max}条数据`,
  /** the settlement machine refused an action in this state */
  refused: (title: string, stateName: string, verb: string) => `结汇单${title}当前状态为${stateName}，不能${verb}`,
  verbs: {
    edit: '修改清单',
    apply: '提交申请',
    delete: '删除',
    revoke: '撤销申请',
    accept: '受理',
    refuse: '退回',
    approve: '审核通过',
    reject: '审核不通过',
  },
  authorizationRecalled: (ebcName: string) => `电商企业${ebcName}未授权或已回收授权，不能提交申请`,
  // sandbox / review (ours)
  sandboxReviewer: '沙箱自动审核',
  bankAccepted: '银行已受理',
  bankRefused: '银行退回（沙箱）',
  approvedOpinion: '审核通过',
  rejectedOpinion: '审核不通过',
  opinionRequired: '请填写审核意见',
} as const;

/** Where a settlement is being handled (the record's node), by state (ours). */
export const settlementNodes = {
  to_declare: '企业待申报',
  declare: '银行受理',
  audit: '海关审核',
  approved: '办结',
  not_approved: '办结',
  revoke: '办结',
} as const;

export const verificationText = {
  pageTitle: '核销', // ours
  apply: '申请核销',
  revoke: '撤销申请',
  revokeHistory: '查看历史撤销记录',
  view: '查看', // ours
  result: '核销结果', // ours
  resultTitle: '核销结果详情', // ours
  back: '返回', // ours
  availableAmount: '可核销金额', // ours
  columns: { declareNo: '申报编号', businessType: '业务类型', bankName: '结算银行', alreadyAmount: '已结汇金额', verificationAmount: '已核销金额', verifyingAmount: '核销中金额', verAmount: '可核销金额', verProportion: '核销比例', currency: '币制', verStateName: '核销状态', appTime: '申请时间', operation: '操作' },
  resultColumns: { verNo: '核销编号', amount: '核销金额', stateName: '状态', reason: '撤销理由', auditOpinion: '审核意见', appTime: '申请时间', updateTime: '更新时间' },
  appTime: '申请时间', // ours
  search: '查询', // ours
  pageSize: '每页条数', // ours
  amount: '本次核销金额', // ours
  remaining: '核销后剩余金额', // ours
  applied: '提交核销申请成功',
  revoked: '申请撤销成功',
  revokeReasonRequired: '申请撤销理由不能为空',
  selectRevoke: '请选择需要撤销的申请单',
  // ours
  selectOne: '请选择一条需要核销的结汇单',
  amountRequired: '核销金额必须大于0',
  amountTooLarge: '核销金额不能超过可核销金额',
  amountScale: '核销金额最多5位小数',
  notFound: '结汇单不存在、未审核通过或无权访问',
  nothingToRevoke: '所选结汇单没有审核中的核销申请',
  refused: (title: string, stateName: string, verb: string) => `核销申请${title}当前状态为${stateName}，不能${verb}`,
  verbs: { revoke: '撤销', approve: '核销通过', reject: '核销不通过' },
  sandboxOpinion: '核销通过',
} as const;

export const authorizationText = {
  applyTitle: '授权申请', // ours
  confirmTitle: '授权确认', // ours
  add: '添加授权',
  delete: '删除',
  agree: '同意',
  refuse: '拒绝',
  recall: '回收',
  agreed: '授权操作成功',
  refused: '拒绝授权操作成功',
  recalled: '回收授权成功',
  confirmRecall: '确认回收企业授权?',
  deleted: '删除成功',
  created: '创建成功',
  selectRows: '请选择操作数据！',
  chooseCompany: '选择电商企业', // ours
  companyName: '企业名称', // ours
  companyCode: '企业代码', // ours
  search: '查询', // ours
  agentName: '申请企业', // ours
  agentCode: '申请企业代码', // ours
  commerceName: '电商企业', // ours
  commerceCode: '电商企业代码', // ours
  createTime: '申请时间', // ours
  state: '状态', // ours
  pageSize: '每页条数', // ours
  // refusals (ours)
  notFound: '授权记录不存在或无权访问',
  companyRequired: '请选择电商企业',
  companyUnknown: '电商企业不存在或未备案',
  selfAuthorization: '不能向本企业申请授权',
  duplicate: (name: string) => `已向${name}提交过申请，请勿重复申请`,
  stateMachineRefused: (name: string, stateName: string, verb: string) => `${name}的授权当前状态为${stateName}，不能${verb}`,
  verbs: { agree: '同意授权', refuse: '拒绝授权', recall: '回收授权', delete: '删除' },
} as const;

/** The workflow pages (machines/workflow-page.ts): a chosen row whose state refuses the action (ours). */
export const workflowText = {
  notAllowed: '所选数据的当前状态不允许此操作',
  /** the list could not be read: its message, and */
  loadFailed: '列表加载失败',
  retry: '刷新',
} as const;

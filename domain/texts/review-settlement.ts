/**
 * Texts of the operator's 结汇审核, 核销审核 and 补贴审核 screens (issue 20). The spec of the
 * enterprise console leaves the operator's side open: every wording here is ours, close to the
 * enterprise pages' words for the same records.
 */
export const reviewSettlementText = {
  settlementTitle: '结汇审核',
  verificationTitle: '核销审核',
  subsidyTitle: '补贴审核',
  // filters
  state: '状态',
  companyName: '企业名称',
  appTime: '申请时间',
  search: '查询',
  reset: '重置',
  total: (n: number) => `共 ${n} 条`,
  pageSize: '每页条数',
  operation: '操作',
  view: '查看',
  detail: '详情',
  close: '关闭',
  cancel: '取消',
  confirm: '确定',
  /** the opinion typed with a decision (required when refusing) */
  opinion: '审核意见',
  opinionPlaceholder: '请填写审核意见',
  reason: '不通过原因',
  reasonPlaceholder: '请填写原因（企业可见）',
  reasonRequired: '请填写原因',
  notAllowed: '该记录当前状态不允许此操作',
  selectRow: '请选择操作数据！',
  // 结汇审核
  settlement: {
    number: '申报编号',
    columns: {
      declareNo: '申报编号', companyName: '企业名称', companyCode: '企业代码', businessType: '业务类型', bankName: '结算银行', totalAmount: '总金额',
      currency: '币制', totalCount: '清单数', ebcName: '电商企业', appTime: '申请时间', stateName: '状态', auditOpinion: '审核意见',
    },
    accept: '受理', refuse: '不受理', approve: '审核通过', reject: '审核不通过',
    confirmAccept: '确认受理该结汇申请？', confirmApprove: '确认该结汇申请审核通过？',
    accepted: '已受理', refused: '已退回企业', approved: '已审核通过', rejected: '已审核不通过',
    headTitle: '结汇单信息', inventoriesTitle: '清单信息', verificationsTitle: '核销申请',
    amounts: { totalAmount: '总金额', verifiedAmount: '已核销金额', verifyingAmount: '核销中金额', remaining: '可核销金额' },
    note: '企业备注',
  },
  // 核销审核
  verification: {
    number: '核销编号',
    columns: {
      verNo: '核销编号', declareNo: '结汇申报编号', companyName: '企业名称', amount: '核销金额', totalAmount: '结汇总金额', verifiedAmount: '已核销金额',
      currency: '币制', appTime: '申请时间', stateName: '状态', auditOpinion: '审核意见',
    },
    approve: '核销通过', reject: '核销不通过',
    confirmApprove: '确认该核销申请通过？',
    approved: '核销已通过', rejected: '核销未通过',
    headTitle: '核销申请', settlementTitle: '结汇单信息', othersTitle: '该结汇单的核销申请',
  },
  // 补贴审核
  subsidy: {
    number: '申请编号',
    columns: {
      id: '申请编号', companyName: '企业名称', applyTypeName: '申请类型', companyTypeName: '申请人类型', ckTime: '核验日期', billCount: '导入提单数',
      applyTime: '申请时间', stateName: '状态', auditTime: '核验完成时间',
    },
    start: '开始核验', finish: '核验完成',
    confirmStart: '确认开始核验该补贴申请？', confirmFinish: '确认完成核验？核验结果将按申请的核验日期和提单号生成。',
    started: '已开始核验', finished: '核验完成',
    headTitle: '补贴申请', companiesTitle: '绑定企业', billsTitle: '导入的提单号', resultsTitle: '核验结果', note: '备注',
    noBills: '未导入提单号（按核验日期内的全部清单核验）',
  },
  notFound: {
    settlement: '结汇单不存在',
    verification: '核销申请不存在',
    subsidy: '补贴申请不存在',
  },
} as const;

/**
 * Texts of reward (subsidy, 补贴) applications (accounts-and-enterprise.md §2, §4, §5, §8), word for
 * word where the spec gives them; entries marked "ours" are wording the spec leaves open.
 */
export const rewardText = {
  listTitle: '补贴申请', // ours (the menu label)
  add: '新增申请',
  export: '导出',
  applyTitle: '新增补贴申请', // ours
  detailTitle: '补贴申请详情', // ours
  basicInfo: '基本信息', // ours
  billCard: '提单号导入', // ours
  applyType: '申请类型', // ours
  companyType: '申请人类型', // ours
  ckTime: '核验日期', // ours
  ckStart: '核验开始日期', // ours
  ckEnd: '核验结束日期', // ours
  recCompanies: '绑定企业', // ours
  chooseCompanies: '选择企业', // ours
  note: '备注', // ours
  applyTime: '申请时间', // ours
  state: '状态', // ours
  verifyDate: '核验完成时间', // ours
  submitTime: '提交时间', // ours
  companyName: '企业名称', // ours
  companyCode: '企业代码', // ours
  search: '查询', // ours
  view: '查看', // ours
  operation: '操作', // ours
  results: '核验结果', // ours
  billColumns: { rowNo: '行号', billNo: '提单号', payCompanyName: '付款企业', recCompanyName: '收款企业', takeTime: '提货时间', flightNo: '航班号', flightDate: '航班日期', grossWeight: '毛重（千克）' },
  file: '导入文件', // ours
  removeFile: '移除文件', // ours
  chooseFile: '选择文件', // ours
  importCount: (n: number) => `已导入 ${n} 条`, // ours
  total: (n: number) => `共 ${n} 条`,
  pageSize: '每页条数', // ours
  submit: '提交申请', // ours
  back: '返回', // ours
  downTemplate: '下载模板',
  upExcel: '上传Excel',
  delete: '删除',
  deleteAll: '全部删除', // ours
  incomplete: '请完整填写申请数据',
  chooseBound: '请选择绑定企业',
  excelOnly: '仅支持上传excel文件',
  oneFile: '仅支持导入一份文件, 请先移除已上传文件再重新上传',
  applied: '提交申请成功',
  errorTitle: '错误提示',
  noticeTitle: 'Notice',
  /** the alert of an application not yet verified (§4: received and being processed; wording ours) */
  noticeMessage: '您的申请已收到，正在处理中，请耐心等待核验结果',
  imported: '导入成功',
  deleted: '删除成功',
  confirmDelete: '是否删除该记录',
  confirmDeleteAll: '是否删除所有导入记录',
  importing: '数据导入中, 请耐心等待...',
  confirmImport: '导入数据可能会耗费较多时间, 请耐心等待, 是否导入?',
  emptyFile: '文件数据为空或格式不正确！',
  badTemplate: '数据格式不正确或者模板不正确',
  resultFailed: '获取核验结果详情列表失败',
  exportFailed: '导出失败',
  // refusals and template (ours)
  tooManyRows: (max: number) => `导入数据不能超过${max}条`,
  badBillNo: (row: number, value: string) => `第${row}行提单号${value}不正确：仅支持主运单号（3位航空公司代码-8位数字），不含分运单号`,
  duplicateBillNo: (row: number, value: string) => `第${row}行提单号${value}重复`,
  badCell: (row: number, label: string) => `第${row}行${label}格式不正确`,
  badDateRange: '核验开始日期不能晚于结束日期',
  badApplyType: '申请类型不正确',
  badCompanyType: '申请人类型不正确',
  importNotFound: '导入记录不存在或已提交',
  notFound: '补贴申请不存在或无权访问',
  billNotFound: '提单记录不存在或已提交',
  notVerified: '补贴申请尚未核验完成',
  refused: (stateName: string, verb: string) => `补贴申请当前状态为${stateName}，不能${verb}`,
  verbs: { start: '开始核验', finish: '完成核验' },
  templateSheet: '提单号',
  templateNote: '提单号填写主运单号（如 784-12345675），不含分运单号；一次最多20000行',
  sandboxNote: '沙箱自动核验',
} as const;

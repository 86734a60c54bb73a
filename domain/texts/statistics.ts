/**
 * Texts of the statistics page (accounts-and-enterprise.md §2 Statistics, §5), word for word where the
 * spec gives them; entries marked "ours" are wording the spec leaves open.
 */
export const statisticsText = {
  title: '统计', // ours (the menu label)
  tabs: { ebc: '按电商企业', ebp: '按电商平台', zone: '按区内企业编码' }, // ours
  startDate: '开始日期', // ours
  endDate: '结束日期', // ours
  businessMode: '业务模式', // ours
  port: '口岸', // ours
  query: '查询',
  export: '导出',
  columns: {
    iedate: '日期',
    customsCodeName: '口岸名称',
    customsCode: '口岸代码',
    agentName: '企业',
    agentCode: '海关注册编码',
    tradeModeName: '业务类型',
    total: '订单数',
    goodsValue: '货值（元）',
    grossWeight: '毛重（KG）',
  },
  totalRow: '合计', // ours
  /** the table before the first 查询 (issue 31: an empty table looked like "nothing found") — ours */
  beforeQuery: '请选择条件后点击“查询”',
  /** a 查询 that found nothing — ours */
  noRows: '没有符合条件的数据',
  // ours: the spec gives the rules (§5), not the wording, except "cannot exceed one year"
  datesRequired: '请选择开始日期和结束日期',
  modeRequired: '请选择业务模式',
  rangeTooLong: '查询时间范围不能超过一年',
  startAfterEnd: '开始日期不能晚于结束日期',
  badCompanyType: '统计维度不正确',
  exportFailed: '导出失败',
  sheet: '统计',
} as const;

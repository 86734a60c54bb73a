/** The operation log's texts (操作日志, issue 17 §2). */
export const operationLogText = {
  title: '操作日志',
  sheet: '操作日志',
  fileName: (day: string) => `操作日志_${day}.xlsx`,
  columns: {
    createTime: '操作时间',
    account: '账号',
    actorName: '姓名',
    ip: 'IP地址',
    module: '模块',
    action: '操作',
    billType: '单据类型',
    billNos: '单据编号',
    recordIds: '记录ID',
    outcome: '结果',
    /** what a call changed (设置子账号权限), or why it was refused */
    message: '说明',
  },
  filters: {
    window: '操作时间',
    account: '账号',
    module: '模块',
    action: '操作',
    outcome: '结果',
    billNo: '单据编号',
  },
  outcomeAll: '全部',
  search: '查询',
  reset: '重置',
  export: '导出',
  empty: '所选时间内没有操作记录',
  total: (n: number) => `共 ${n} 条`,
  pageSize: '每页条数',
  /** An API key acting is named by its name (the main account named it), never by its row id. */
  apiKeyActor: (name: string) => `接口密钥「${name}」`,
  /** 设置子账号权限: whose grants changed and how (domain/grant-changes.ts). */
  grantChange: {
    subject: (login: string) => `子账号 ${login}`,
    added: '新增',
    removed: '取消',
    page: '页面',
    unchanged: '权限未变',
    /** modules beyond those named */
    more: (n: number) => `等${n}个功能`,
  },
  tooManyToExport: (max: number) => `导出的记录不能超过${max}条，请缩小查询范围`,
} as const;

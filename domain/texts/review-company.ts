/** Texts of the operator's 企业管理 (/review/company, issue 20) and of operator accounts. */
export const reviewCompanyText = {
  operatorLoginName: '审核账号的登录名不能为空，且不超过60个字符',
  operatorTaken: (loginName: string) => `登录名 ${loginName} 已被使用`,
  operatorCreated: (loginName: string) => `已创建平台审核账号 ${loginName}`,
} as const;

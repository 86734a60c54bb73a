/**
 * The demo the console starts with. Logins are fixed by the foundation issue and printed at first
 * start; codes are realistic (10-digit customs registration codes, 18-char unified social credit
 * codes with valid check characters).
 */
export const demoCompanies = [
  {
    key: 'demo',
    company_code: '3302961A2B',
    company_name: '宁波跨境优选供应链管理有限公司',
    social_credit_code: '91330206MA2AH1XK9D',
    dxp_id: 'DXPENT0000458763',
    customsCode: '3105',
  },
  {
    key: 'other',
    company_code: '3301964C7D',
    company_name: '杭州云途国际物流有限公司',
    social_credit_code: '91330106MA27WQ8N1Y',
    dxp_id: 'DXPENT0000512907',
    customsCode: '2901',
  },
] as const;

export const demoUsers = [
  { company: 'demo', login_name: 'admin', user_name: '王丽华', user_type: 'ADMIN', password: 'Cbec@2026demo', parent: null },
  { company: 'demo', login_name: 'user@admin', user_name: '陈晓东', user_type: 'USER', password: 'Cbec@2026user', parent: 'admin' },
  { company: 'other', login_name: 'other', user_name: '刘建国', user_type: 'ADMIN', password: 'Cbec@2026other', parent: null },
] as const;

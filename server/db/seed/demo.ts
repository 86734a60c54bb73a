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
    /** the filing customs approved (备案通过): every field the page asks, consistent with the codes above */
    filing: {
      companyEnName: 'Ningbo Kuajing Youxuan Supply Chain Management Co., Ltd.',
      legalPerson: '王丽华', orgCode: 'MA2AH1XK9', socialCreditCode: '91330206MA2AH1XK9D', bizRegistNo: '330206000218734',
      taxPayerNo: '91330206MA2AH1XK9D', registAddr: '浙江省宁波市北仑区新碶街道保税区港东大道8号1幢305室', bizRegistDate: '2018-04-16',
      fax: '0574-86882610', website: 'https://www.kjyx-nb.cn', email: 'guanwu@kjyx-nb.cn',
      bizScope: '跨境电子商务进出口业务；供应链管理服务；货物进出口；技术进出口；国际货物运输代理；普通货物仓储服务。',
      b2cBusiness: true, b2bBusiness: true, customsCode: '3105', ebcCompany: true, logisticsCompany: false, ebpCompany: false, paymentCompany: false, operatorCompany: false,
      zipCode: '315800', ieCode: '3302961A2B', otherAddr: '浙江省宁波市北仑区保税区东区跨境电商监管中心B仓', registeredCapital: '1000', totalInvestment: 1500, inPlaceFunds: '1000',
      provinceCode: '330000', cityCode: '330200', areaCode: '330206', economicZoneCode: '04', economicTypeCode: '150', bizType: '10000000', orgType: '01', industryType: 'F',
      legalPersonIdType: '1', legalPersonIdNumber: '330206198203154526', contactPerson: '陈晓东', mobileNo: '13857421906', phoneNo: '0574-86882611',
      superiorName: '', superiorOrgCode: '', superiorRelation: '', allowRemoteDeclar: true, needDepositAccount: false, bizImport: true, bizExport: true, additionalType: '', rateType: '',
    },
  },
  {
    key: 'other',
    company_code: '3301964C7D',
    company_name: '杭州云途国际物流有限公司',
    social_credit_code: '91330106MA27WQ8N1Y',
    dxp_id: 'DXPENT0000512907',
    customsCode: '2901',
    filing: {
      companyEnName: 'Hangzhou Yuntu International Logistics Co., Ltd.',
      legalPerson: '刘建国', orgCode: 'MA27WQ8N1', socialCreditCode: '91330106MA27WQ8N1Y', bizRegistNo: '330106000395127',
      taxPayerNo: '91330106MA27WQ8N1Y', registAddr: '浙江省杭州市西湖区文三路478号华星时代广场A座1206室', bizRegistDate: '2016-09-08',
      fax: '0571-85392210', website: 'https://www.yuntu-logistics.cn', email: 'customs@yuntu-logistics.cn',
      bizScope: '国际货物运输代理；跨境电子商务物流服务；普通货物仓储服务；报关业务；货物进出口。',
      b2cBusiness: true, b2bBusiness: false, customsCode: '2901', ebcCompany: false, logisticsCompany: true, ebpCompany: false, paymentCompany: false, operatorCompany: false,
      zipCode: '310012', ieCode: '3301964C7D', otherAddr: '', registeredCapital: '2000', totalInvestment: 2600, inPlaceFunds: '2000',
      provinceCode: '330000', cityCode: '330100', areaCode: '330106', economicZoneCode: '09', economicTypeCode: '150', bizType: '01000000', orgType: '01', industryType: 'G',
      legalPersonIdType: '1', legalPersonIdNumber: '330106197805213318', contactPerson: '刘建国', mobileNo: '13906518842', phoneNo: '0571-85392211',
      superiorName: '', superiorOrgCode: '', superiorRelation: '', allowRemoteDeclar: true, needDepositAccount: false, bizImport: true, bizExport: true, additionalType: '', rateType: '',
    },
  },
] as const;

export const demoUsers = [
  { company: 'demo', login_name: 'admin', user_name: '王丽华', user_type: 'ADMIN', password: 'Cbec@2026demo', parent: null },
  { company: 'demo', login_name: 'user@admin', user_name: '陈晓东', user_type: 'USER', password: 'Cbec@2026user', parent: 'admin' },
  { company: 'other', login_name: 'other', user_name: '刘建国', user_type: 'ADMIN', password: 'Cbec@2026other', parent: null },
] as const;

/** The platform operator of the demo (issue 20): of no enterprise, it reviews the others' filings and more. */
export const demoOperator = { login_name: 'operator', user_name: '平台审核员', user_type: 'PLATFORM', password: 'Cbec@2026operator' } as const;

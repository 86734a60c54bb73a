/**
 * Texts of the system-upgrade notice and wizard (accounts-and-enterprise.md §2 Home and Upgrade
 * wizard, §4, §5, §8, §9). The spec gives the rules and the English sense of the messages; all
 * Chinese here is ours unless marked §.
 */
export const upgradeText = {
  modalTitle: '系统升级',
  steps: ['阅读协议', '创建资源中心账号', '完成'] as const,
  noticeTitle: '系统升级公告',
  /** the notice (its date is §9's: 1 September 2022) */
  noticeParagraphs: [
    '尊敬的用户：',
    '为进一步提升跨境电商通关服务质量，本平台自2022年9月1日起完成系统升级，企业账号统一迁移至资源中心管理。',
    '请贵企业主账号在本向导中阅读并同意《资源中心用户服务协议》，以企业统一社会信用代码创建资源中心账号并设置初始密码。创建完成后，即可使用该账号登录资源中心，统一办理账号、权限及相关业务。',
    '未完成升级的企业，后续部分功能将无法正常使用，请尽快办理。如有疑问，请提交工单或联系客服。',
  ] as const,
  noticeDate: '2022年9月1日',
  noticeSigner: '跨境电商通关服务平台',
  agreementTitle: '资源中心用户服务协议',
  agreementParagraphs: [
    '一、协议的接受。企业用户在创建资源中心账号前，应当仔细阅读本协议全部条款。企业主账号点击“已阅读”即表示已充分理解并同意本协议。',
    '二、账号的创建与使用。资源中心账号以企业统一社会信用代码为登录名，由企业主账号设置初始密码。企业应妥善保管账号及密码，因保管不善造成的损失由企业自行承担。',
    '三、信息的真实性。企业应保证在资源中心填报的企业信息真实、准确、完整，并在信息变更后及时更新。',
    '四、数据与隐私。平台依法收集、使用企业在办理通关业务中提交的数据，仅用于通关服务、统计分析及监管要求，不会向无关第三方披露。',
    '五、服务的变更与中止。平台可根据监管要求及业务需要调整服务内容，并提前在通知公告中发布。',
    '六、其他。本协议自企业点击“已阅读”之日起生效，未尽事宜按国家有关法律法规执行。',
  ] as const,
  read: '已阅读',
  readIn: (seconds: number) => `已阅读（${seconds}s）`,
  next: '下一步',
  back: '上一步',
  later: '稍后升级',
  close: '关闭',
  start: '立即升级',
  reopen: '系统升级',
  companyName: '企业名称',
  bizRegNo: '统一社会信用代码',
  account: '资源中心账号',
  password: '初始密码',
  againPassword: '确认密码',
  passwordHint: '8-20位，字母、数字、符号至少包含两种',
  create: '创建账号',
  // §5
  passwordRequired: '请输入初始密码',
  passwordRule: '初始密码不符合规则，请输入8-20位字母、数字、符号至少两种的组合',
  againRequired: '请再次输入密码',
  mismatch: '两次输入密码不一致!',
  noCreditCode: '统一社会信用代码不存在，请联系客服',
  // §8
  created: '资源中心账号创建成功',
  finishedTitle: '资源中心账号创建成功',
  finishedText: (account: string) => `请使用资源中心账号 ${account} 及设置的初始密码登录资源中心。`,
  sampleAlt: '资源中心登录页示例',
  loginLink: '登录资源中心',
  /** the header's two links (§2 Layout: an agreement download and a resource-centre link; wording ours) */
  agreementDownload: '协议下载',
  resourceCentre: '资源中心',
  // server refusals
  adminOnly: '系统升级须由企业主账号办理',
  notNeeded: '贵企业无需升级',
  refused: (stepName: string, verb: string) => `当前步骤为${stepName}，不能${verb}`,
  readTooSoon: (seconds: number) => `请仔细阅读协议，${seconds}秒后可确认已阅读`,
  creditCodeMismatch: '统一社会信用代码与企业备案信息不一致',
  stepNames: { notice: '升级公告', agreement: '阅读协议', account: '创建资源中心账号', finished: '已完成' },
  verbs: { next: '进入下一步', back: '返回上一步', read: '确认已阅读', create: '创建资源中心账号' },
} as const;

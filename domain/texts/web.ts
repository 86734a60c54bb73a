/**
 * Texts the browser console shows (accounts-and-enterprise.md §2, §5, §8; bills.md §6, §8).
 * Word for word from the spec where the spec gives Chinese; entries marked "ours" are wording the
 * spec leaves open. Texts another module already owns are referenced, never copied.
 */
import { passwordText } from '../password-rules.ts';
import { authText } from './auth.ts';
import { serverText } from './server.ts';

export const appTitle = '跨境电商通关企业端';
export const appVersion = '1.0.0';

export const loginText = {
  account: '企业账号',
  password: '密码',
  captcha: '验证码',
  refreshCaptcha: '换一张',
  submit: '登录',
  register: '注册',
  accountRequired: '请输入企业账号',
  passwordRequired: passwordText.required,
  captchaRequired: authText.captchaRequired,
  captchaAlt: '验证码图片', // ours
} as const;

/** crypto.subtle exists only in secure contexts (https, localhost, 127.0.0.1). Ours. */
export const insecureContextText = '当前连接不安全，无法加密密码，请通过 HTTPS 或本机地址访问';

export const passwordFormText = {
  title: '修改密码',
  loginName: '登录名',
  oldPassword: '原密码',
  newPassword: '新密码',
  againPassword: '确认密码',
  changed: authText.changed,
  /** the dialog after a 401 '请更改密码' login answer; the spec gives no wording (ours) */
  expiredNotice: '您的密码已过期或强度较弱，必须修改密码后才能登录。',
} as const;

export const commonText = {
  confirm: '确定',
  cancel: '取消',
  /** title of confirm dialogs (ours) */
  prompt: '提示',
  operationOk: serverText.ok,
} as const;

export const layoutText = {
  enterprise: '企业注册',
  parameters: '参数设置',
  /** a sub-account's own account row (/account showing only its row) */
  myAccount: '我的账号',
  changePassword: passwordFormText.title,
  workorder: '提交工单',
  feedback: '意见反馈',
  logout: '退出系统',
  logoutConfirm: '确认退出当前用户?',
  loggedOut: '已退出!',
  /** bills.md §6: a user with no companyCode cannot open bill pages */
  noCompany: serverText.noCompany,
  closeTab: '关闭', // ours (accessible name of a tab's × button)
  menu: '菜单', // ours
  // the tab strip (ours): arrows when the tabs overflow, and its menu
  openPages: '已打开的页面',
  scrollTabsLeft: '向左滚动标签',
  scrollTabsRight: '向右滚动标签',
  tabMenu: '标签操作',
  closeOthers: '关闭其他',
  closeAll: '关闭全部',
  /** closing pages whose edits are not saved (×, 返回, 关闭其他/全部) */
  /** issue 29: the main account took away the module of open pages: they close */
  revokedClosed: (titles: readonly string[]) => `${titles.map((t) => `「${t}」`).join('、')}的权限已被收回，页面已关闭`,
  unsavedClose: (titles: readonly string[]) => `${titles.map((t) => `「${t}」`).join('、')}有未保存的修改，关闭后修改将丢失。确定关闭吗？`,
  /** issue 31: the limit of open pages, chosen in the strip's menu (null: none) */
  tabLimit: (max: number | null) => `标签页上限：${max === null ? '不限' : `${max} 个`}`,
  tabLimitChoice: (max: number | null) => (max === null ? '不限' : `${max} 个`),
  /** a page opened past the limit: the pages shown longest ago closed (not pinned, nothing unsaved) */
  tabLimitClosed: (max: number, titles: readonly string[]) =>
    `已达标签页上限（${max} 个），已关闭最久未查看的${titles.map((t) => `「${t}」`).join('、')}`,
  /** …and no page could close: every other one is pinned or holds unsaved edits */
  tabLimitKept: (max: number) => `已达标签页上限（${max} 个），其余页面均已固定或有未保存的修改，未关闭任何页面`,
  /** the tab's own menu (right click) */
  pinTab: '固定标签页',
  unpinTab: '取消固定',
  pinned: '已固定',
} as const;

export const pageText = {
  notFound: '404',
  comingSoon: '建设中',
  welcome: (companyName: string) => `欢迎使用跨境电商通关企业端${companyName ? `，${companyName}` : ''}`, // ours
} as const;

/** Tab titles of pages that are not entries of the module list. Ours unless the spec names them. */
export const pageTitles: Record<string, string> = {
  '/home': '首页',
  '/enterprise': layoutText.enterprise,
  '/parametersSetting': layoutText.parameters,
  '/workorder': '工单',
  '/workorder/edit': layoutText.workorder,
  '/feedback': layoutText.feedback,
  '/account': '账号管理',
  '/account/add': '新建子账号',
  '/commonFun': '自定义常用功能',
  '/archive': '知识文档',
  '/notice': '公告',
  '/news': '新闻',
  '/statistics': '统计',
  '/exchangeSettlement': '结汇',
  '/settlementVerification': '核销',
  '/settlementAuthorization/apply': '结汇授权申请',
  '/settlementAuthorization/confirm': '结汇授权确认',
  '/rewardApplication': '奖励申请',
  '/404': pageText.notFound,
};

export const diagramsText = {
  title: '状态图', // ours
  /** the header's link to /diagrams (issue 31 item 9) */
  allDiagrams: '业务状态图', // ours
  downloadSvg: '下载 SVG', // ours
  downloadPng: '下载 PNG', // ours
  downloadSource: '下载 Mermaid 源码', // ours
  loading: '正在生成…', // ours
  failed: '状态图生成失败', // ours
  back: '返回控制台', // ours
  index: '目录', // ours
  intro: '系统中每个状态机的状态图：方框是状态，箭头是事件（方括号内是条件）。鼠标悬停可看到技术名称。', // ours
  // the zoomable view (a bill's 状态图 and /diagrams)
  zoomIn: '放大',
  zoomOut: '缩小',
  fitWindow: '适合窗口',
  zoomLevel: (percent: number) => `${percent}%`,
  viewHint: '拖动可平移，滚轮可缩放', // ours
} as const;

/** An HTTP status the spec does not list (ours). */
export const unknownStatusText = (status: number) => `请求失败（${status}）`;

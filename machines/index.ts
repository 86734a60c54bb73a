/**
 * Every registered statechart, for the diagrams (npm run diagrams, /diagrams) and model-based
 * tests. Add a machine here when you add one.
 */
import type { AnyStateMachine } from 'xstate';
import { authMachine } from './auth.ts';
import { billLifecycleMachine } from './bill-lifecycle.ts';
import { billListMachine } from './bill-list.ts';
import { billJobMachine } from './bill-job.ts';
import { billDetailMachine } from './bill-detail.ts';
import { enterpriseMachine } from './enterprise.ts';
import { enterpriseFilingMachine } from './enterprise-filing.ts';
import { settlementMachine } from './settlement.ts';
import { settlementLockMachine } from './settlement-lock.ts';
import { verificationMachine } from './settlement-verification.ts';
import { authorizationMachine } from './authorization.ts';
import { rewardMachine } from './reward.ts';
import { workflowPageMachine } from './workflow-page.ts';
import { upgradeMachine } from './upgrade.ts';
import { upgradeProgressMachine } from './upgrade-progress.ts';
import { sliderVerifyMachine } from './slider-verify.ts';

export interface RegisteredMachine {
  /** file-safe name (diagrams/<name>.mmd) */
  name: string;
  /** Chinese title shown above the diagram */
  title: string;
  /** one Chinese sentence for the index of /diagrams: what the machine decides, for whom */
  summary: string;
  machine: AnyStateMachine;
}

export const machines: RegisteredMachine[] = [
  { name: 'auth', title: '登录与令牌刷新', summary: '用户登录、令牌过期后的自动刷新、首次登录须改密码以及退出系统的过程。', machine: authMachine },
  { name: 'bill-lifecycle', title: '单据生命周期（申报与海关回执）', summary: '一张单据从暂存、申报、发送到海关各类回执（入库、查验、放行、退单等）的全部状态，服务端据此决定每个操作是否允许。', machine: billLifecycleMachine },
  { name: 'bill-list', title: '单据列表（查询、选择与批量操作）', summary: '单据列表页的查询、翻页、勾选、批量操作、导出和导入查询，以及其他人修改单据后的自动刷新。', machine: billListMachine },
  { name: 'bill-job', title: '批量申报任务（进度、失败重试、后台运行）', summary: '批量申报在后台运行时的进度查询、失败重试以及进度窗口的显示与隐藏。', machine: billJobMachine },
  { name: 'bill-detail', title: '单据详情（查看、编辑、暂存、保存与申报）', summary: '单据详情页的查看、编辑、暂存、保存、保存并申报，以及他处修改后的同步。', machine: billDetailMachine },
  { name: 'enterprise', title: '企业备案页面（查看、编辑、保存与申报）', summary: '企业备案页面的读取、编辑、保存与申报。', machine: enterpriseMachine },
  { name: 'enterprise-filing', title: '企业备案状态（申报、审核）', summary: '企业备案从未备案、审核中到备案通过或被退回的状态。', machine: enterpriseFilingMachine },
  { name: 'settlement', title: '结汇单状态（添加清单、提交申请、银行受理、审核、撤销）', summary: '结汇单从添加清单、提交银行申请、银行受理、审核到撤销的全部状态。', machine: settlementMachine },
  { name: 'settlement-lock', title: '结汇单锁定（批量锁定、批量解锁）', summary: '结汇单在状态之外的锁定：锁定后企业不能修改、提交、删除或撤销，解锁后恢复。', machine: settlementLockMachine },
  { name: 'settlement-verification', title: '核销申请状态（审核、撤销）', summary: '核销申请的审核结果（成功、失败）与撤销。', machine: verificationMachine },
  { name: 'authorization', title: '结汇授权状态（同意、拒绝、回收）', summary: '代理企业申请结汇授权后，电商企业同意、拒绝或回收授权的状态。', machine: authorizationMachine },
  { name: 'reward', title: '补贴申请核验状态', summary: '补贴申请从待核验、核验中到核验完成的状态。', machine: rewardMachine },
  { name: 'workflow-page', title: '结汇、核销、授权、补贴页面（读取、确认与填写对话框、提交、拒绝）', summary: '结汇、核销、授权申请与确认、补贴申请这几页的共同过程：读取列表、确认或填写对话框、提交，以及被拒绝时的提示；每个操作是否可用由对应单据的状态机决定。', machine: workflowPageMachine },
  { name: 'upgrade', title: '系统升级向导（公告、协议、资源中心账号）', summary: '首页系统升级向导：阅读公告、阅读协议（倒计时）、创建资源中心账号直至完成。', machine: upgradeMachine },
  { name: 'upgrade-progress', title: '系统升级进度（服务端判定）', summary: '服务端记录的企业升级进度，决定升级向导的每一步是否允许。', machine: upgradeProgressMachine },
  { name: 'slider-verify', title: '滑动验证（拖到最右边通过，否则回弹并提示）', summary: '修改密码等敏感操作前的滑动验证：拖到最右边才通过，否则回弹并提示。', machine: sliderVerifyMachine },
];

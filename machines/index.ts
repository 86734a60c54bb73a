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
  machine: AnyStateMachine;
}

export const machines: RegisteredMachine[] = [
  { name: 'auth', title: '登录与令牌刷新', machine: authMachine },
  { name: 'bill-lifecycle', title: '单据生命周期（申报与海关回执）', machine: billLifecycleMachine },
  { name: 'bill-list', title: '单据列表（查询、选择与批量操作）', machine: billListMachine },
  { name: 'bill-job', title: '批量申报任务（进度、失败重试、后台运行）', machine: billJobMachine },
  { name: 'bill-detail', title: '单据详情（查看、编辑、暂存、保存与申报）', machine: billDetailMachine },
  { name: 'enterprise', title: '企业备案页面（查看、编辑、保存与申报）', machine: enterpriseMachine },
  { name: 'enterprise-filing', title: '企业备案状态（申报、审核）', machine: enterpriseFilingMachine },
  { name: 'settlement', title: '结汇单状态（添加清单、提交申请、银行受理、审核、撤销）', machine: settlementMachine },
  { name: 'settlement-verification', title: '核销申请状态（审核、撤销）', machine: verificationMachine },
  { name: 'authorization', title: '结汇授权状态（同意、拒绝、回收）', machine: authorizationMachine },
  { name: 'reward', title: '补贴申请核验状态', machine: rewardMachine },
  { name: 'workflow-page', title: '结汇、核销、授权、补贴页面（读取、确认与填写对话框、提交、拒绝）', machine: workflowPageMachine },
  { name: 'upgrade', title: '系统升级向导（公告、协议、资源中心账号）', machine: upgradeMachine },
  { name: 'upgrade-progress', title: '系统升级进度（服务端判定）', machine: upgradeProgressMachine },
  { name: 'slider-verify', title: '滑动验证（拖到最右边通过，否则回弹并提示）', machine: sliderVerifyMachine },
];

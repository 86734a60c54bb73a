/**
 * Every registered statechart, for the diagrams (npm run diagrams, /diagrams) and model-based
 * tests. Add a machine here when you add one.
 */
import type { AnyStateMachine } from 'xstate';
import { authMachine } from './auth.ts';
import { billLifecycleMachine } from './bill-lifecycle.ts';
import { billListMachine } from './bill-list.ts';
import { billDetailMachine } from './bill-detail.ts';

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
  { name: 'bill-detail', title: '单据详情（查看、编辑、暂存、保存与申报）', machine: billDetailMachine },
];

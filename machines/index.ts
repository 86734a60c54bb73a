/**
 * Every registered statechart, for the diagrams (npm run diagrams, /diagrams) and model-based
 * tests. Add a machine here when you add one.
 */
import type { AnyStateMachine } from 'xstate';
import { authMachine } from './auth.ts';
import { billLifecycleMachine } from './bill-lifecycle.ts';

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
];

/**
 * Test doubles for the auth machine: a session fixture and an actor whose effects are fakes
 * (a test overrides just the ones it cares about).
 */
import { createActor, fromPromise } from 'xstate';
import { authMachine, type MenuModule, type Session } from '../../machines/auth.ts';
import type { AuthActor } from '../lib/auth-bridge.ts';

export const modulesFixture: MenuModule[] = [
  { id: 1, parentId: -1, uri: '/home', name: '首页', icon: 'home', code: 'home', sortNo: 1, buttonVos: [] },
  { id: 200, parentId: -1, uri: '', name: '进口业务', icon: 'import', code: 'menu_import', sortNo: 3, buttonVos: [] },
  { id: 100, parentId: -1, uri: '', name: '出口业务', icon: 'export', code: 'menu_export', sortNo: 2, buttonVos: [] },
  {
    id: 102, parentId: 100, uri: '/bill/export/receipt', name: '收款单', icon: 'receipt', code: 'expu_receipt', sortNo: 2,
    buttonVos: [{ code: 'declare', name: '申报' }],
  },
  {
    id: 101, parentId: 100, uri: '/bill/export/order', name: '出口订单', icon: 'order', code: 'expu_order', sortNo: 1,
    buttonVos: [{ code: 'add', name: '新增' }, { code: 'delete', name: '删除' }],
  },
  { id: 201, parentId: 200, uri: '/bill/import/order', name: '进口订单', icon: 'order', code: 'invt_order', sortNo: 1, buttonVos: [] },
  { id: 700, parentId: -1, uri: '', name: '服务中心', icon: 'ticket', code: 'menu_service', sortNo: 8, buttonVos: [] },
  { id: 701, parentId: 700, uri: '/workorder', name: '工单', icon: 'ticket', code: 'workorder', sortNo: 1,
    buttonVos: [{ code: 'add', name: '写工单' }, { code: 'deleteWorkorder', name: '删除工单' }] },
  { id: 703, parentId: 701, uri: '/workorder/show', name: '工单详情', icon: 'ticket', code: 'workorder_show', sortNo: 2, hidden: true },
  // a detail page the server did not mark hidden: still not a menu entry (its parent is a page)
  { id: 702, parentId: 701, uri: '/workorder/edit', name: '写工单', icon: 'ticket', code: 'workorder_edit', sortNo: 1 },
  { id: 704, parentId: 700, uri: '/feedback', name: '意见反馈', icon: 'feedback', code: 'feedback', sortNo: 2, hidden: true },
  { id: 900, parentId: -1, uri: '', name: '空分组', icon: 'bill', code: 'empty', sortNo: 9 },
  { id: 601, parentId: -1, uri: '/statistics', name: '统计', icon: 'statistics', code: 'statistics', sortNo: 4 },
];

export function sessionFixture(overrides: Partial<Session['userInfo']> = {}): Session {
  return {
    token: 'access-1',
    refreshToken: 'refresh-1',
    userInfo: {
      username: '演示管理员',
      companyName: '演示跨境电商有限公司',
      companyCode: '3301960001',
      companyId: 1,
      userType: 'ADMIN',
      account: 'admin',
      ...overrides,
    },
    modules: modulesFixture,
  };
}

/** An auth actor with harmless fakes, started; pass a session to start signed in. */
export function createTestAuthActor(session: Session | null = null): AuthActor {
  const machine = authMachine.provide({
    actors: {
      login: fromPromise(async () => sessionFixture()),
      refresh: fromPromise(async () => ({ token: 'access-2', refreshToken: 'refresh-2' })),
      logout: fromPromise<void, { refreshToken: string | null }>(async () => {}),
    },
    actions: { saveSession: () => {}, clearSession: () => {}, navigate: () => {} },
  });
  return createActor(machine, { input: { session } }).start();
}

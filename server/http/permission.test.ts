import { describe, expect, it } from 'vitest';
import { serverText } from '../../domain/texts/server.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { enforcePermission, keyMayCall, meets } from './permission.ts';

const person: AuthUser = { userId: 2, companyId: 1, companyCode: 'C', companyName: 'n', userType: 'USER', loginName: 'u@a', userName: 'u' };
const key: AuthUser = { ...person, apiKey: { id: 9, name: 'ERP' } };
const admin: AuthUser = { ...person, userType: 'ADMIN' };
const codes = new Map([['/bill/export/order', new Set(['declare'])], ['/enterprise', new Set<string>()]]);
const held = async () => codes;

describe('permission', () => {
  it('meets a page, a button, or any of several', () => {
    expect(meets(codes, { uri: '/enterprise' })).toBe(true);
    expect(meets(codes, { uri: '/enterprise', code: 'edit' })).toBe(false);
    expect(meets(codes, { uri: '/bill/export/order', code: ['save', 'declare'] })).toBe(true);
    expect(meets(codes, { uri: '/account' })).toBe(false);
  });

  it('refuses with a message naming 权限', async () => {
    await expect(enforcePermission(person, { uri: '/enterprise', code: 'edit' }, held)).rejects.toThrow(serverText.noPermission);
    await expect(enforcePermission(person, [{ uri: '/account' }, { uri: '/enterprise' }], held)).resolves.toBeUndefined();
    await expect(enforcePermission(person, 'admin', held)).rejects.toThrow(serverText.adminOnly);
    await expect(enforcePermission(admin, 'admin', held)).resolves.toBeUndefined();
    await expect(enforcePermission(key, 'session', held)).rejects.toThrow(serverText.keyNotAllowed);
    await expect(enforcePermission(key, 'open', held)).resolves.toBeUndefined();
    for (const m of [serverText.noPermission, serverText.adminOnly, serverText.keyNotAllowed]) expect(m).toContain('权限');
  });

  it('marks the routes a key may call', () => {
    expect(keyMayCall({ uri: '/bill/export/order', code: 'save' })).toBe(true);
    expect(keyMayCall({ uri: '/account/add', code: 'save' })).toBe(false);
    expect(keyMayCall('session')).toBe(false);
    expect(keyMayCall('admin')).toBe(false);
    expect(keyMayCall('open')).toBe(true);
  });
});

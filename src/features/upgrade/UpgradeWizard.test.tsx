// The upgrade wizard's step indicator on the page (issue 31 item 16; docs/decisions/upgrade-step-indicator.md):
// hidden on the notice; 阅读协议 current while the agreement is read (0); 阅读协议 done and 创建资源中心账号
// current once it is read (1); both done and 完成 current once the account is created (2).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UpgradeInfo } from '../../../machines/upgrade.ts';
import { createFakeBackend } from '../../testing/fake-server.ts';
import { render } from '../../testing/render.tsx';
import UpgradeWizard from './UpgradeWizard.tsx';

const info = (step: UpgradeInfo['step']): UpgradeInfo => ({ needPromotion: true, bizRegNo: '91330200MA2XXXXXX1', companyName: '演示', step, countdown: 0 });

/** Each step of the indicator: its label and whether it is done, current or to come. */
function indicator(): [string, string][] {
  const stepper = screen.getByRole('dialog').querySelector('.mantine-Stepper-root')!;
  return [...stepper.querySelectorAll('.mantine-Stepper-step')].map((s) => [
    s.querySelector('.mantine-Stepper-stepLabel')!.textContent!,
    s.hasAttribute('data-completed') ? 'done' : s.hasAttribute('data-progress') ? 'current' : 'to come',
  ]);
}

describe('upgrade wizard step indicator', () => {
  it('counts 0 on the agreement, 1 once it is read (account creation), 2 once the account is created', async () => {
    const backend = createFakeBackend();
    let step: UpgradeInfo['step'] = 'notice';
    backend.on('/api/enterprise/agreement/queryInfo', () => info(step));
    backend.on('/api/enterprise/agreement/next', () => { step = 'agreement'; return info(step); });
    backend.on('/api/enterprise/agreement/read', () => { step = 'account'; return info(step); });
    render(<UpgradeWizard client={backend.client} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.mantine-Stepper-root')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '立即升级' }));
    await within(dialog).findByRole('button', { name: /^已阅读/ });
    expect(indicator()).toEqual([['阅读协议', 'current'], ['创建资源中心账号', 'to come'], ['完成', 'to come']]);
    fireEvent.click(await within(dialog).findByRole('button', { name: '已阅读' }));
    await within(dialog).findByRole('button', { name: '创建账号' });
    expect(indicator()).toEqual([['阅读协议', 'done'], ['创建资源中心账号', 'current'], ['完成', 'to come']]);

    const keys = await crypto.subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt']);
    const spki = Buffer.from(await crypto.subtle.exportKey('spki', keys.publicKey)).toString('base64');
    backend.on('/api/auth/public_key', () => `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----`);
    backend.on('/api/enterprise/agreement/createRs', () => { step = 'finished'; return { account: '91330200MA2XXXXXX1', loginUrl: 'https://www.singlewindow.cn/', ...info(step) }; });
    backend.on('/api/enterprise/agreement/template', () => ({ displayUri: '/sample.svg' }));
    const [password, again] = within(dialog).getAllByLabelText(/密码/) as HTMLInputElement[];
    fireEvent.change(password!, { target: { value: 'Abcd1234' } });
    fireEvent.change(again!, { target: { value: 'Abcd1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '创建账号' }));
    await waitFor(() => expect(backend.callsTo('/api/enterprise/agreement/template')).toHaveLength(1));
    await within(dialog).findByRole('link');
    expect(indicator()).toEqual([['阅读协议', 'done'], ['创建资源中心账号', 'done'], ['完成', 'current']]);
  });
});

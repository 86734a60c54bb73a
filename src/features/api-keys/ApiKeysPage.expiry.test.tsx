// 接口密钥 through the real page and http client (issue 31: 有效期至 showed mm/dd/yyyy, the browser's
// own date field; every date field reads yyyy-MM-dd).
import { describe, expect, it } from 'vitest';
import { apiKeyText as t } from '../../../domain/texts/api-keys.ts';
import { createTestAuthActor, sessionFixture } from '../../testing/auth.ts';
import { createFakeBackend } from '../../testing/fake-server.ts';
import { fireEvent, render, screen, waitFor, within } from '../../testing/render.tsx';
import ApiKeysPage from './ApiKeysPage.tsx';

function session() {
  const base = sessionFixture();
  const page = { id: 650, parentId: -1, uri: '/apiKey', name: '接口密钥', icon: 'key', code: 'api_key', sortNo: 9, buttonVos: [{ code: 'add', name: t.add }] };
  return { ...base, modules: [...base.modules, page] };
}

describe('ApiKeysPage', () => {
  it('picks 有效期至 as yyyy-MM-dd and sends that date', async () => {
    const backend = createFakeBackend();
    backend.on('/api/enterprise/apiKey/pageList', () => ({ total: 0, datas: [] }));
    backend.on('/api/enterprise/apiKey/save', () => ({ id: 1, secret: 'ck_secret' }));
    render(<ApiKeysPage client={backend.client} />, { route: '/apiKey', actor: createTestAuthActor(session()) });
    fireEvent.click(await screen.findByRole('button', { name: t.add }));
    const dialog = await screen.findByRole('dialog');
    // the dialog holds the whole grant tree: its first two fields are found directly, not by a
    // label search over hundreds of checkboxes
    const [nameInput, expiry] = [...dialog.querySelectorAll('input')] as HTMLInputElement[];
    expect(document.querySelector(`label[for="${expiry!.id}"]`)?.textContent).toContain(t.expiresAt);
    // not the browser's date field, whose text follows the browser's locale
    expect(expiry!.type).not.toBe('date');
    fireEvent.change(nameInput!, { target: { value: 'ERP' } });
    fireEvent.change(expiry!, { target: { value: '2099-01-31' } });
    fireEvent.blur(expiry!);
    await waitFor(() => expect(expiry!.value).toBe('2099-01-31'));
    // a key needs at least one grant (issue 29: it starts with none)
    fireEvent.click(within(dialog).getByText('申报出口订单'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(backend.callsTo('/api/enterprise/apiKey/save')).toHaveLength(1));
    expect(backend.callsTo('/api/enterprise/apiKey/save')[0]!.data).toMatchObject({ name: 'ERP', expiresAt: '2099-01-31' });
  }, 60_000);
});

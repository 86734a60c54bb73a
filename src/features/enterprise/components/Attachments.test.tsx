// The attachment dialog takes a picture under the name the person's computer gave it (issue 31
// item 3: 营业执照 (1).png was refused with 非法文件名 before anything was sent).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../../testing/render.tsx';
import type { EnterpriseApi } from '../api.ts';
import { UploadDialog } from './Attachments.tsx';

describe('附件 upload dialog', () => {
  it('takes 营业执照 (1).png as named and sends it', async () => {
    const attach = vi.fn(async () => undefined);
    const api = { attach } as unknown as EnterpriseApi;
    render(<UploadDialog opened onClose={() => undefined} api={api} companyId={1} onUploaded={() => undefined} />);
    const input = (await screen.findByRole('dialog')).querySelector('input[type="file"]') as HTMLInputElement;
    const picture = new File([new Uint8Array(10)], '营业执照 (1).png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [picture] } });
    expect(await screen.findByText('营业执照 (1).png')).toBeTruthy();
    expect(screen.queryByText(/非法文件名/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    // only the missing type is asked for; the name is no problem
    expect(await screen.findByText('请选择文件类型')).toBeTruthy();
    expect(screen.queryByText(/非法文件名/)).toBeNull();
    fireEvent.click(screen.getAllByLabelText(/文件类型/)[0]!);
    fireEvent.click(await screen.findByRole('option', { name: '营业执照' }));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(attach).toHaveBeenCalledWith(picture, '01', 1));
  });
});

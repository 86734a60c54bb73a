import { describe, expect, it } from 'vitest';
import { createTestAuthActor, sessionFixture } from '../testing/auth.ts';
import { render, screen } from '../testing/render.tsx';
import { PermissionButton } from './PermissionButton.tsx';

function renderAt(route: string) {
  return render(
    <>
      <PermissionButton code="add">新增</PermissionButton>
      <PermissionButton code="declare">申报</PermissionButton>
      <PermissionButton code="delete" color="red">
        删除
      </PermissionButton>
    </>,
    { route, actor: createTestAuthActor(sessionFixture()) },
  );
}

describe('PermissionButton', () => {
  it('shows only the buttons whose code the page module grants', () => {
    renderAt('/bill/export/order');
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '删除' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申报' })).toBeNull();
  });

  it('shows no button on a page without a module', () => {
    renderAt('/nowhere');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('shows no button when signed out', () => {
    render(<PermissionButton code="add">新增</PermissionButton>, { route: '/bill/export/order' });
    expect(screen.queryByRole('button')).toBeNull();
  });
});

// The reviewer's view of a filing: the fields changed since the last approved version are marked
// (data-changed, 已变更) with their approved value beside them; unchanged fields are not.
import { describe, expect, it } from 'vitest';
import { fieldChanges, shownSections } from '../../../../domain/enterprise/filing-diff.ts';
import { render, screen } from '../../../testing/render.tsx';
import { FilingFields } from './FilingFields.tsx';

const approved = { companyName: '宁波甬易跨境电商有限公司', legalPerson: '张三', email: 'a@b.cn', registAddr: '宁波市海曙区1号' };
const declared = { ...approved, legalPerson: '李四', email: 'c@d.cn' };

describe('FilingFields', () => {
  it('highlights exactly the changed fields, each with its approved value', () => {
    render(<FilingFields title="企业信息" fields={shownSections.company} record={declared} changes={fieldChanges(approved, declared)} />);
    const legal = screen.getByLabelText('法定代表人 已变更');
    expect(legal.getAttribute('data-changed')).toBe('true');
    expect(legal.textContent).toContain('李四');
    expect(legal.textContent).toContain('原值: 张三');
    expect(screen.getByLabelText('邮箱 已变更').textContent).toContain('原值: a@b.cn');
    const address = screen.getByLabelText('工商注册地址');
    expect(address.getAttribute('data-changed')).toBeNull();
    expect(address.textContent).toContain('宁波市海曙区1号');
    expect(document.querySelectorAll('[data-changed="true"]')).toHaveLength(2);
  });

  it('marks nothing when there is no approved version to compare with', () => {
    render(<FilingFields title="企业信息" fields={shownSections.company} record={declared} changes={[]} />);
    expect(document.querySelectorAll('[data-changed="true"]')).toHaveLength(0);
    expect(screen.queryByText(/原值/)).toBeNull();
  });
});

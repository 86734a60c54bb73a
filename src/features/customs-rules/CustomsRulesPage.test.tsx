import { describe, expect, it } from 'vitest';
import { customsRules } from '../../../domain/customs/rules/table.ts';
import { customsRuleText } from '../../../domain/texts/customs-rules.ts';
import { fireEvent, render, screen } from '../../testing/render.tsx';
import CustomsRulesPage from './CustomsRulesPage.tsx';

const t = customsRuleText.page;
const rows = () => [...document.querySelectorAll('tr[data-rule]')].map((r) => r.getAttribute('data-rule'));

describe('CustomsRulesPage', () => {
  it('lists every rule with its code, text, messages, fields and source', () => {
    render(<CustomsRulesPage />);
    expect(screen.getByText(t.title)).toBeTruthy();
    expect(rows()).toEqual(customsRules.map((r) => r.code));
    const r101 = document.querySelector('tr[data-rule="R101"]')!;
    expect(r101.textContent).toContain('表体商品总价 = 数量 × 单价（精确到分）');
    expect(r101.textContent).toContain('CEB311 进口订单');
    expect(r101.textContent).toContain('totalPrice');
    expect(r101.textContent).toContain('ceb-messages §10');
  });

  it('opens on the rule a refusal names (?code=R104) and searches codes, texts and fields', () => {
    render(<CustomsRulesPage />, { route: '/customs-rules?code=R104' });
    expect(rows()).toEqual(['R104']);
    fireEvent.change(screen.getByLabelText(t.search), { target: { value: 'invtNo' } });
    expect(rows()).toEqual(['R401', 'R402', 'R603']);
    fireEvent.change(screen.getByLabelText(t.search), { target: { value: '没有这条' } });
    expect(rows()).toEqual([]);
    expect(screen.getByText(t.empty)).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { customsRules } from '../../../domain/customs/rules/table.ts';
import { customsRuleText } from '../../../domain/texts/customs-rules.ts';
import { fireEvent, render, screen } from '../../testing/render.tsx';
import CustomsRulesPage from './CustomsRulesPage.tsx';

const t = customsRuleText.page;
const rows = () => [...document.querySelectorAll('tr[data-rule]')].map((r) => r.getAttribute('data-rule'));

describe('CustomsRulesPage', () => {
  it('lists every rule with its code, text, its explanation in words, messages, fields and the customs publications it comes from', () => {
    render(<CustomsRulesPage />);
    expect(screen.getByText(t.title)).toBeTruthy();
    expect(rows()).toEqual(customsRules.map((r) => r.code));
    const r101 = document.querySelector('tr[data-rule="R101"]')!;
    expect(r101.textContent).toContain('表体商品总价 = 数量 × 单价（精确到分）');
    expect(r101.textContent).toContain('CEB311 进口订单');
    expect(r101.textContent).toContain('totalPrice');
    expect(r101.querySelector('[data-part="explanation"]')!.textContent).toBe(customsRules[0]!.explanation);
    expect(r101.querySelector('[data-part="basis"]')!.textContent).toContain(customsRuleText.publications.spec);
    // every rule cites customs' publications, never a file of this repository
    for (const row of document.querySelectorAll('tr[data-rule]')) {
      const basis = row.querySelector('[data-part="basis"]')!.textContent!;
      expect(basis, row.getAttribute('data-rule')!).toMatch(/报文规范|海关总署公告|财关税|单一窗口|海关参数代码表/);
      expect(basis, row.getAttribute('data-rule')!).not.toMatch(/docs\/|decisions\.md|code-tables|ceb-messages|\.md|§/);
    }
    const r601 = document.querySelector('tr[data-rule="R601"]')!.textContent!;
    expect(r601).toContain('海关总署公告2018年第194号');
    expect(r601).toContain('海关总署公告2018年第165号');
    expect(r601).toContain('海关总署公告2018年第179号');
    expect(document.querySelector('tr[data-rule="R104"]')!.textContent).toContain('财关税〔2018〕49号');
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

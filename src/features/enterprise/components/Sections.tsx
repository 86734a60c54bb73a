/**
 * The two form sections of the enterprise page (§2): 企业信息 and 平台备案信息 (with the filing
 * state as a tag). Flags are shown in their groups: the five company types (请选择跨境贸易电子商务类型),
 * 业务范围 (请选择业务范围), the B2C/B2B modes and the two switches.
 */
import { Badge, Card, Checkbox, Grid, Group, Input, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { businessScopeFlags, businessScopeRequired, companyTypeFlags, enterpriseFields, fieldByName, type EnterpriseField } from '../../../../domain/enterprise/fields.ts';
import { BUSINESS_SCOPE_FIELD, COMPANY_TYPE_FIELD } from '../../../../domain/enterprise/rules.ts';
import { enterpriseText } from '../../../../domain/texts/enterprise.ts';
import type { EnterpriseApi } from '../api.ts';
import { AreaSelect } from './AreaSelect.tsx';
import { FieldInput, type EnterpriseForm } from './FieldInput.tsx';

const span = (f: EnterpriseField) => f.span ?? 1;
const flagGroups: { label: string; names: readonly string[]; errorKey?: string }[] = [
  { label: enterpriseText.chooseCompanyType.replace(/^请选择/, ''), names: companyTypeFlags, errorKey: COMPANY_TYPE_FIELD },
  { label: businessScopeRequired.replace(/^请选择/, ''), names: businessScopeFlags, errorKey: BUSINESS_SCOPE_FIELD },
  { label: '电商业务模式', names: ['b2cBusiness', 'b2bBusiness'] },
  { label: '其他', names: ['allowRemoteDeclar', 'needDepositAccount'] },
];

function Fields({ fields, form, editing, children }: { fields: readonly EnterpriseField[]; form: EnterpriseForm; editing: boolean; children?: ReactNode }) {
  return (
    <Grid columns={3} gap="sm">
      {fields.map((f) => (
        <Grid.Col key={f.name} span={{ base: 3, sm: span(f) }}>
          <FieldInput field={f} form={form} editing={editing} />
        </Grid.Col>
      ))}
      {children}
    </Grid>
  );
}

export function CompanySection({ form, editing }: { form: EnterpriseForm; editing: boolean }) {
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="sm">{enterpriseText.companySection}</Title>
      <Fields fields={enterpriseFields.filter((f) => f.section === 'company')} form={form} editing={editing} />
    </Card>
  );
}

export function FilingSection({ form, editing, api, stateName, approveState }: {
  form: EnterpriseForm; editing: boolean; api: EnterpriseApi; stateName: string; approveState: number;
}) {
  const plain = enterpriseFields.filter((f) => f.section === 'filing' && f.kind !== 'flag');
  const color = approveState === 2 ? 'green' : approveState === 5 ? 'blue' : approveState === 3 ? 'red' : 'gray';
  return (
    <Card withBorder padding="md">
      <Group gap="sm" mb="sm">
        <Title order={5}>{enterpriseText.filingSection}</Title>
        <Badge color={color} variant="light" data-testid="approve-state">{stateName}</Badge>
      </Group>
      <Fields fields={plain} form={form} editing={editing}>
        <Grid.Col span={{ base: 3, sm: 2 }}>
          <AreaSelect form={form} api={api} editing={editing} />
        </Grid.Col>
        {flagGroups.map((g) => (
          <Grid.Col key={g.label} span={{ base: 3, sm: g.names.length > 2 ? 3 : 1 }}>
            <Input.Wrapper label={g.label} withAsterisk={g.errorKey !== undefined && editing} error={g.errorKey ? (form.errors[g.errorKey] as string | undefined) : undefined}>
              <Group gap="md" mt={6}>
                {g.names.map((n) => {
                  const f = fieldByName.get(n)!;
                  return (
                    <Checkbox key={n} label={f.label} disabled={!editing} checked={form.getValues()[n] === true}
                      onChange={(e) => {
                        form.setFieldValue(n, e.currentTarget.checked);
                        if (g.errorKey) form.clearFieldError(g.errorKey);
                      }} />
                  );
                })}
              </Group>
            </Input.Wrapper>
          </Grid.Col>
        ))}
      </Fields>
    </Card>
  );
}

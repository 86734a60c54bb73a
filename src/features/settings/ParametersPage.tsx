/**
 * /parametersSetting 参数设置 (§2, §3, §5, §8): the company's parameters (type, code, value), a radio
 * to pick a row into the form, 新增 to clear it, 保存 (main account) → 保存参数成功. Type, code and
 * value are each required; a failed check says 请填写必填数据. The parameters the console knows read
 * by name, their values as names or code + name (issue 31); the form edits the codes themselves.
 */
import { Grid, Group, Paper, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useEffect, useState } from 'react';
import { settingCodeName, settingProblems, settingValueTables, settingValueText } from '../../../domain/content/settings.ts';
import { settingsText as t } from '../../../domain/texts/settings.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import { usePermission } from '../../lib/permissions.ts';
import { useUserInfo } from '../../lib/auth-context.tsx';
import { getDictionary, type DictionaryItem } from '../../lib/dictionaries.ts';
import { http, type Http } from '../../lib/http.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';

interface Setting { id: number; type: string; code: string; value: string; companyCode: string | null; updateTime: string }
interface Values { type: string; code: string; value: string }
const problemOf = (field: keyof Values) => (_: unknown, values: Values) => settingProblems(values).find((e) => e.field === field)?.message ?? null;

export default function ParametersPage({ client = http }: { client?: Http }) {
  const canSave = usePermission('save', '/parametersSetting');
  const companyCode = useUserInfo()?.companyCode ?? null;
  const [rows, setRows] = useState<Setting[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: { type: '', code: '', value: '' },
    validate: { type: problemOf('type'), code: problemOf('code'), value: problemOf('value') },
    validateInputOnBlur: true,
  });

  const load = useCallback(async () => {
    try {
      setRows(await client.post<Setting[]>('/api/enterprise/company/querySettingList', {}));
    } catch (error) {
      notifyError(error);
    }
  }, [client]);
  useEffect(() => { void load(); }, [load]);
  // the code tables of the known parameters' values, so 3105 reads 3105 and its customs' name
  const [tables, setTables] = useState<Record<string, DictionaryItem[]>>({});
  useEffect(() => {
    for (const table of new Set(Object.values(settingValueTables))) {
      getDictionary(table, client).then((items) => setTables((was) => ({ ...was, [table]: items })), () => {});
    }
  }, [client]);
  const valueOf = (r: Setting) => {
    const items = tables[settingValueTables[r.code.trim()] ?? ''];
    return settingValueText(r.code, r.value, items ? (v) => items.find((i) => i.value === v)?.name : undefined);
  };

  const pick = (row: Setting) => {
    setSelected(row.id);
    form.setValues({ type: row.type, code: row.code, value: row.value });
    form.clearErrors();
  };
  const clear = () => {
    setSelected(null);
    form.setValues({ type: '', code: '', value: '' });
    form.clearErrors();
  };
  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const saved = await client.post<Setting>('/api/enterprise/company/saveSetting', { ...(selected ? { id: selected } : {}), companyCode, ...values });
      notifySuccess(t.saved);
      await load();
      setSelected(saved.id);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }, () => notifyWarning(t.incomplete));

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Paper withBorder p="md">
          <Title order={5} mb="sm">{t.title}</Title>
          <Radio.Group value={selected ? String(selected) : ''} onChange={(v) => { const row = rows.find((r) => String(r.id) === v); if (row) pick(row); }}>
            <Table striped withTableBorder highlightOnHover aria-label={t.title}>
              <Table.Thead>
                <Table.Tr><Table.Th w={60}>{t.select}</Table.Th><Table.Th>{t.type}</Table.Th><Table.Th>{t.code}</Table.Th><Table.Th>{t.value}</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id} onClick={() => pick(r)} style={{ cursor: 'pointer' }}>
                    <Table.Td><Radio value={String(r.id)} aria-label={`${r.type} ${r.code}`} /></Table.Td>
                    <Table.Td>{r.type}</Table.Td>
                    <Table.Td>{settingCodeName(r.code) ?? r.code}{settingCodeName(r.code) && <Text span size="xs" c="dimmed"> {r.code}</Text>}</Table.Td>
                    <Table.Td>{valueOf(r)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Radio.Group>
          {rows.length === 0 && <Text size="sm" c="dimmed" mt="sm">{t.empty}</Text>}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Paper withBorder p="md">
          <form onSubmit={save} noValidate>
            <Stack gap="sm">
              {/* who may not save reads the parameters; the form offers no edit it would refuse (issue 29) */}
              <TextInput label={t.type} withAsterisk readOnly={!canSave} {...form.getInputProps('type')} />
              <TextInput label={t.code} withAsterisk readOnly={!canSave} {...form.getInputProps('code')} />
              <TextInput label={t.value} withAsterisk readOnly={!canSave} {...form.getInputProps('value')} />
              <Group>
                <PermissionButton code="save" permissionPath="/parametersSetting" type="submit" loading={busy}>{t.save}</PermissionButton>
                <PermissionButton code="save" permissionPath="/parametersSetting" variant="default" onClick={clear}>{t.reset}</PermissionButton>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

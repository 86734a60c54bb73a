/**
 * 接口密钥 (issue 17 part 3): the company's API keys for ERP/WMS integration. The main account makes
 * a key (name, the modules and buttons it may use, an optional expiry); the secret is shown once,
 * with a copy button; keys can be disabled and deleted; last use (time, IP) is listed.
 */
import { Badge, Button, CopyButton, Group, Modal, Pagination, Paper, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useCallback, useEffect, useState } from 'react';
import type { GrantPair } from '../../../domain/grants.ts';
import { describeGrants, grantBundles } from '../../../domain/grant-bundles.ts';
import { apiKeyText as t } from '../../../domain/texts/api-keys.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { GrantTreePicker } from '../../components/GrantTreePicker.tsx';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import type { Http } from '../../lib/http.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { createApiKeyApi, type ApiKeyPage, type ApiKeyRow } from './api.ts';

const PAGE_SIZE = 20;
const BUNDLES = grantBundles();
const stateBadge: Record<ApiKeyRow['state'], [string, string]> = {
  EFFECTIVE: [t.effective, 'green'], INVALID: [t.disabled, 'gray'], EXPIRED: [t.expired, 'orange'],
};

export default function ApiKeysPage({ client }: { client?: Http }) {
  const [api] = useState(() => createApiKeyApi(client));
  const [page, setPage] = useState(0);
  const [data, setData] = useState<ApiKeyPage>({ total: 0, datas: [] });
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  // least privilege (issue 29): a new key starts with nothing ticked
  const [grants, setGrants] = useState<GrantPair[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ row: ApiKeyRow; action: 'disable' | 'delete' } | null>(null);

  const load = useCallback(async () => {
    try { setData(await api.list(page, PAGE_SIZE)); } catch (error) { notifyError(error); }
  }, [api, page]);
  useEffect(() => { void load(); }, [load]);

  const create = async () => {
    try {
      const made = await api.create(name.trim(), grants, expiresAt || null);
      setCreating(false);
      setName(''); setExpiresAt(''); setGrants([]);
      setSecret(made.secret);
      notifySuccess(t.created);
    } catch (error) {
      notifyError(error);
    }
    await load();
  };
  const addBundle = (pairs: GrantPair[]) => {
    const held = new Set(grants.map((g) => `${g.moduleId}:${g.code}`));
    setGrants([...grants, ...pairs.filter((p) => !held.has(`${p.moduleId}:${p.code}`))]);
  };
  const willDo = describeGrants(grants);
  const act = async () => {
    if (!confirm) return;
    const { row, action } = confirm;
    setConfirm(null);
    try {
      if (action === 'disable') await api.disable([row.id]); else await api.remove([row.id]);
      notifySuccess(action === 'disable' ? t.disabledOk : t.deleted);
    } catch (error) {
      notifyError(error);
    }
    await load();
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <PermissionButton code="add" permissionPath="/apiKey" onClick={() => setCreating(true)}>{t.add}</PermissionButton>
      </Group>
      <Table striped withTableBorder aria-label={t.title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.name}</Table.Th><Table.Th>{t.secretPrefix}</Table.Th><Table.Th>{t.state}</Table.Th><Table.Th>{t.expiresAt}</Table.Th>
            <Table.Th>{t.lastUsedAt}</Table.Th><Table.Th>{t.lastUsedIp}</Table.Th><Table.Th>{t.createTime}</Table.Th><Table.Th>{t.operation}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.datas.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td><Text ff="monospace" size="sm">{r.secretPrefix}…</Text></Table.Td>
              <Table.Td><Badge variant="light" color={stateBadge[r.state][1]}>{stateBadge[r.state][0]}</Badge></Table.Td>
              <Table.Td>{r.expiresAt ?? t.never}</Table.Td>
              <Table.Td>{r.lastUsedAt ?? '—'}</Table.Td>
              <Table.Td>{r.lastUsedIp ?? '—'}</Table.Td>
              <Table.Td>{r.createTime}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  {r.state === 'EFFECTIVE' && (
                    <PermissionButton code="disable" permissionPath="/apiKey" size="compact-sm" variant="subtle" onClick={() => setConfirm({ row: r, action: 'disable' })}>{t.disable}</PermissionButton>
                  )}
                  <PermissionButton code="delete" permissionPath="/apiKey" size="compact-sm" variant="subtle" color="red" onClick={() => setConfirm({ row: r, action: 'delete' })}>{t.delete}</PermissionButton>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Pagination total={Math.max(1, Math.ceil(data.total / PAGE_SIZE))} value={page + 1} onChange={(p) => setPage(p - 1)} />
      </Group>

      <Modal opened={creating} onClose={() => setCreating(false)} title={t.add} size="xl" centered>
        <Stack gap="sm">
          <TextInput label={t.name} required maxLength={30} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          {/* Mantine's own picker: a native date field shows the browser's format (mm/dd/yyyy, issue 31) */}
          <DateInput label={t.expiresAt} description={t.never} valueFormat="YYYY-MM-DD" clearable minDate={new Date()}
            value={expiresAt || null} onChange={(v) => setExpiresAt(v ?? '')} />
          <Text fw={600}>{t.bundles}</Text>
          <Group gap="xs">
            {BUNDLES.map((b) => <Button key={b.name} size="compact-sm" variant="light" onClick={() => addBundle(b.grants)}>{b.name}</Button>)}
          </Group>
          <Text fw={600}>{t.grants}</Text>
          <ScrollArea.Autosize mah="40vh"><GrantTreePicker value={grants} onChange={setGrants} /></ScrollArea.Autosize>
          <Paper withBorder p="sm" aria-label={t.willDo}>
            <Text fw={600} size="sm">{t.willDo}</Text>
            {willDo.length === 0
              ? <Text size="sm" c="dimmed">{t.nothingYet}</Text>
              : willDo.map((line) => <Text key={line} size="sm">{line}</Text>)}
          </Paper>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCreating(false)}>{commonText.cancel}</Button>
            <Button disabled={grants.length === 0} onClick={() => void create()}>{commonText.confirm}</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={secret !== null} onClose={() => setSecret(null)} title={t.secretTitle} size="lg" centered>
        <Stack gap="sm">
          <Text c="red" size="sm">{t.secretOnce}</Text>
          <TextInput readOnly aria-label={t.secretTitle} value={secret ?? ''} ff="monospace" />
          <Group justify="flex-end">
            <CopyButton value={secret ?? ''}>
              {({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? t.copied : t.copy}</Button>}
            </CopyButton>
            <Button onClick={() => setSecret(null)}>{commonText.confirm}</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title={commonText.prompt} centered>
        <Text mb="md">{confirm?.action === 'disable' ? t.confirmDisable : t.confirmDelete}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirm(null)}>{commonText.cancel}</Button>
          <Button color="red" onClick={() => void act()}>{commonText.confirm}</Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/**
 * /review/company, 企业管理 of the platform operator (issue 20): every enterprise with its filing state
 * and account count, searched by name and filing state; a company's accounts; 冻结企业 / 解冻企业 after
 * a confirmation (the server ends the company's sessions and keys and logs the decision). Above them,
 * this server's automatic backups (issue 30).
 */
import { Badge, Button, Group, Modal, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { approveStateNames } from '../../../domain/enterprise/approval.ts';
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS, type Term } from '../../../domain/query.ts';
import { reviewCompanyText as t } from '../../../domain/texts/review-company.ts';
import { commonText } from '../../../domain/texts/web.ts';
import type { Http } from '../../lib/http.ts';
import { useLatest } from '../../lib/latest.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { BackupStatus } from './BackupStatus.tsx';
import { createReviewCompanyApi, type EnterpriseAccount, type EnterprisePage, type EnterpriseRow } from './api.ts';

const stateOptions = [{ value: '', label: t.allStates }, ...Object.entries(approveStateNames).map(([value, label]) => ({ value, label }))];

export default function ReviewCompanyPage({ client }: { client?: Http }) {
  const [api] = useState(() => createReviewCompanyApi(client));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(BILL_PAGE_SIZE);
  const [name, setName] = useState('');
  const [state, setState] = useState('');
  const [query, setQuery] = useState<{ name: string; state: string }>({ name: '', state: '' });
  const [data, setData] = useState<EnterprisePage>({ total: 0, datas: [] });
  const [deciding, setDeciding] = useState<EnterpriseRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [accountsOf, setAccountsOf] = useState<{ company: EnterpriseRow; accounts: EnterpriseAccount[] } | null>(null);

  const latest = useLatest();
  const load = useCallback(async () => {
    try {
      const terms: Term[] = [];
      if (query.name) terms.push({ column: 'company_name', termType: 'like', value: query.name });
      if (query.state) terms.push({ column: 'approve_state', termType: 'eq', value: Number(query.state) });
      const answer = await latest(api.list(page, pageSize, terms));
      if (answer) setData(answer.value);
    } catch (error) {
      notifyError(error);
    }
  }, [latest, api, page, pageSize, query]);
  useEffect(() => { void load(); }, [load]);

  const decide = async (row: EnterpriseRow) => {
    setBusy(true);
    try {
      await api.setFrozen(row.id, !row.frozen);
      notifySuccess(row.frozen ? t.unfrozenOk : t.frozenOk);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      setDeciding(null);
    }
    await load();
  };
  const showAccounts = async (company: EnterpriseRow) => {
    try {
      setAccountsOf({ company, accounts: await api.accounts(company.id) });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="md">
      <BackupStatus api={api} />
      <Group gap="xs">
        <TextInput aria-label={t.companyName} placeholder={t.companyName} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Select aria-label={t.approveState} data={stateOptions} value={state} onChange={(v) => setState(v ?? '')} w={160} />
        <Button variant="default" onClick={() => { setPage(0); setQuery({ name: name.trim(), state }); }}>{t.search}</Button>
      </Group>
      <Table striped withTableBorder aria-label={t.title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.companyName}</Table.Th><Table.Th>{t.companyCode}</Table.Th><Table.Th>{t.socialCreditCode}</Table.Th>
            <Table.Th>{t.approveState}</Table.Th><Table.Th>{t.state}</Table.Th><Table.Th>{t.accountCount}</Table.Th>
            <Table.Th>{t.createTime}</Table.Th><Table.Th>{t.operation}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.datas.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.companyName}</Table.Td>
              <Table.Td>{r.companyCode ?? r.customsRegistCode ?? ''}</Table.Td>
              <Table.Td>{r.socialCreditCode ?? ''}</Table.Td>
              <Table.Td>{r.showApproveState}</Table.Td>
              <Table.Td>
                <Badge color={r.frozen ? 'red' : 'green'} variant="light" title={r.frozen ? `${t.frozenTime} ${r.frozenTime}` : undefined}>
                  {r.frozen ? t.frozen : t.normal}
                </Badge>
              </Table.Td>
              <Table.Td>{r.accountCount}</Table.Td>
              <Table.Td>{r.createTime}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Button size="compact-sm" variant="subtle" onClick={() => void showAccounts(r)}>{t.accounts}</Button>
                  <Button size="compact-sm" variant="subtle" color={r.frozen ? 'green' : 'red'} aria-label={`${r.frozen ? t.unfreeze : t.freeze} ${r.companyName}`}
                    onClick={() => setDeciding(r)}>
                    {r.frozen ? t.unfreeze : t.freeze}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Text size="sm">{t.total(data.total)}</Text>
        <Select w={100} size="xs" aria-label={t.pageSize} data={BILL_PAGE_SIZE_OPTIONS.map(String)} value={String(pageSize)} onChange={(v) => { setPage(0); setPageSize(Number(v ?? BILL_PAGE_SIZE)); }} />
        <Pagination total={Math.max(1, Math.ceil(data.total / pageSize))} value={page + 1} onChange={(p) => setPage(p - 1)} />
      </Group>
      <Modal opened={deciding !== null} onClose={() => setDeciding(null)} title={commonText.prompt} centered>
        <Text size="sm" mb="md">{deciding && (deciding.frozen ? t.confirmUnfreeze(deciding.companyName) : t.confirmFreeze(deciding.companyName))}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeciding(null)} disabled={busy}>{commonText.cancel}</Button>
          <Button loading={busy} color={deciding?.frozen ? undefined : 'red'} onClick={() => deciding && void decide(deciding)}>{commonText.confirm}</Button>
        </Group>
      </Modal>
      <Modal opened={accountsOf !== null} onClose={() => setAccountsOf(null)} title={accountsOf ? t.accountsOf(accountsOf.company.companyName) : ''} size="lg" centered>
        <Table striped withTableBorder aria-label={t.accounts}>
          <Table.Thead>
            <Table.Tr><Table.Th>{t.loginName}</Table.Th><Table.Th>{t.userName}</Table.Th><Table.Th>{t.userType}</Table.Th><Table.Th>{t.accountState}</Table.Th><Table.Th>{t.createTime}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accountsOf?.accounts.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{a.loginName}</Table.Td><Table.Td>{a.userName}</Table.Td>
                <Table.Td>{a.userType === 'ADMIN' ? t.admin : t.user}</Table.Td>
                <Table.Td>{a.state === 'INVALID' ? t.invalid : t.effective}</Table.Td>
                <Table.Td>{a.createTime}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </Stack>
  );
}

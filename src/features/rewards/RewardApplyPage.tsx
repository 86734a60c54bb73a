/**
 * /rewardApplication/apply/apply (accounts §2, §5): a new reward application — basic info (apply
 * type, applicant type 1/2, check date range, bound companies from the picker, note) and the
 * bill-number card (template, one Excel file imported after a confirmation, the imported rows with
 * delete and delete-all). The import number is -99999 until a file is imported. 提交申请 checks the
 * form (请完整填写申请数据, 请选择绑定企业); a refusal (code -1000) shows in an alert titled 错误提示.
 */
import { Alert, Button, Card, Checkbox, Group, LoadingOverlay, Modal, Pagination, Radio, Pill, Select, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Envelope } from '../../../domain/envelope.ts';
import { EXCEL_ACCEPT, excelNameProblem } from '../../../domain/excel-files.ts';
import { applyTypes, companyTypes } from '../../../domain/rewards/apply-types.ts';
import { NO_IMPORT } from '../../../domain/rewards/bill-import.ts';
import { billText } from '../../../domain/texts/bills.ts';
import { rewardText as t } from '../../../domain/texts/rewards.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import type { Http } from '../../lib/http.ts';
import { useLatest } from '../../lib/latest.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { createRewardApi, openDownload, type Page, type RecCompany, type SubsidyBill } from './api.ts';
import { BillTable } from './BillTable.tsx';

const PAGE = '/rewardApplication/apply/apply';
const BILL_PAGE = 10;

export default function RewardApplyPage({ client }: { client?: Http }) {
  const [api] = useState(() => createRewardApi(client));
  const navigate = useNavigate();
  const [applyType, setApplyType] = useState<string | null>(null);
  const [companyType, setCompanyType] = useState<string>('');
  const [ckStart, setCkStart] = useState<string | null>(null);
  const [ckEnd, setCkEnd] = useState<string | null>(null);
  const [companies, setCompanies] = useState<RecCompany[]>([]);
  const [note, setNote] = useState('');
  const [importNo, setImportNo] = useState(NO_IMPORT);
  const [fileName, setFileName] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [bills, setBills] = useState<Page<SubsidyBill>>({ total: 0, datas: [] });
  const [page, setPage] = useState(0);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const loadBills = useCallback(async () => {
    if (importNo === NO_IMPORT) { setBills({ total: 0, datas: [] }); return; }
    try { setBills(await api.bills('import_no', importNo, page, BILL_PAGE)); } catch (e) { notifyError(e); }
  }, [api, importNo, page]);
  useEffect(() => { void loadBills(); }, [loadBills]);

  const confirm = (message: string, onConfirm: () => void) => modals.openConfirmModal({
    title: commonText.prompt, children: <Text size="sm">{message}</Text>, labels: { confirm: commonText.confirm, cancel: commonText.cancel }, onConfirm,
  });
  const chooseFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    // .xlsx only; an .xls is told to be saved as .xlsx (domain/excel-files.ts)
    const kind = excelNameProblem(file.name);
    if (kind) { notifyWarning(kind === billText.saveAsXlsx ? kind : t.excelOnly); return; }
    if (fileName !== null) { notifyWarning(t.oneFile); return; }
    confirm(t.confirmImport, async () => {
      setImporting(true);
      try {
        const res = await api.importFile(file);
        setImportNo(res.importNo);
        setFileName(file.name);
        setPage(0);
        notifySuccess(t.imported);
      } catch (e) {
        notifyError(e);
      } finally {
        setImporting(false);
      }
    });
  };
  const removeAll = () => confirm(t.confirmDeleteAll, async () => {
    try { await api.deleteImport(importNo); notifySuccess(t.deleted); } catch (e) { notifyError(e); }
    setImportNo(NO_IMPORT);
    setFileName(null);
  });
  const removeOne = (b: SubsidyBill) => confirm(t.confirmDelete, async () => {
    try { await api.deleteBill(b.id); notifySuccess(t.deleted); } catch (e) { notifyError(e); }
    await loadBills();
  });
  const submit = async () => {
    if (!applyType || !companyType || !ckStart || !ckEnd) { notifyWarning(t.incomplete); return; }
    if (companies.length === 0) { notifyWarning(t.chooseBound); return; }
    setSubmitting(true);
    try {
      const res = await api.apply({ applyType, companyType, ckStartTime: ckStart, ckEndTime: ckEnd, note, recCompanyList: companies, importNo });
      const refusal = res as Envelope<unknown>;
      if (typeof refusal.code === 'number' && refusal.code !== 0) { setError(refusal.message); return; }
      notifySuccess(t.applied);
      navigate('/rewardApplication');
    } catch (e) {
      notifyError(e);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack gap="md" pos="relative">
      <LoadingOverlay visible={importing} loaderProps={{ children: <Text>{t.importing}</Text> }} />
      <Card withBorder>
        <Text fw={600} mb="sm">{t.basicInfo}</Text>
        <Stack gap="sm" maw={720}>
          <Select label={t.applyType} required data={applyTypes.map((a) => ({ value: a.value, label: a.label }))} value={applyType} onChange={setApplyType} />
          <Radio.Group label={t.companyType} withAsterisk value={companyType} onChange={setCompanyType}>
            <Group mt={4}>{companyTypes.map((c) => <Radio key={c.value} value={c.value} label={c.label} />)}</Group>
          </Radio.Group>
          <Group grow>
            <DateInput label={t.ckStart} required valueFormat="YYYY-MM-DD" value={ckStart} onChange={setCkStart} clearable />
            <DateInput label={t.ckEnd} required valueFormat="YYYY-MM-DD" value={ckEnd} onChange={setCkEnd} clearable />
          </Group>
          <div>
            <Group gap="xs" mb={4}>
              <Text size="sm" fw={500}>{t.recCompanies} <Text span c="red">*</Text></Text>
              <Button size="compact-sm" variant="light" onClick={() => setPicking(true)}>{t.chooseCompanies}</Button>
            </Group>
            <Group gap={6}>
              {companies.map((c) => (
                <Pill key={c.recCompanyCode} withRemoveButton onRemove={() => setCompanies((list) => list.filter((x) => x.recCompanyCode !== c.recCompanyCode))}>{c.recCompanyName}</Pill>
              ))}
            </Group>
          </div>
          <Textarea label={t.note} maxLength={255} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        </Stack>
      </Card>
      <Card withBorder>
        <Group justify="space-between" mb="sm">
          <Text fw={600}>{t.billCard}</Text>
          <Group gap="xs">
            <PermissionButton code="downTemplate" permissionPath={PAGE} variant="default"
              onClick={async () => { try { await openDownload((await api.template()).downloadUri, client); } catch (e) { notifyError(e); } }}>{t.downTemplate}</PermissionButton>
            <PermissionButton code="upExcel" permissionPath={PAGE} onClick={() => (fileName !== null ? notifyWarning(t.oneFile) : fileInput.current?.click())}>{t.upExcel}</PermissionButton>
            <input ref={fileInput} type="file" hidden aria-label={t.file} accept={EXCEL_ACCEPT} onChange={(e) => chooseFile(e.currentTarget.files?.[0])} />
          </Group>
        </Group>
        {fileName !== null && (
          <Group gap="xs" mb="sm">
            <Text size="sm">{t.file}：{fileName}（{t.importCount(bills.total)}）</Text>
            <PermissionButton code="delete" permissionPath={PAGE} size="compact-sm" variant="subtle" color="red" onClick={removeAll}>{t.removeFile}</PermissionButton>
          </Group>
        )}
        <BillTable bills={bills} onDelete={fileName !== null ? removeOne : undefined} deleteLabel={t.delete} />
        <Group justify="flex-end" mt="sm">
          <Text size="sm">{t.total(bills.total)}</Text>
          <Pagination size="sm" total={Math.max(1, Math.ceil(bills.total / BILL_PAGE))} value={page + 1} onChange={(p) => setPage(p - 1)} />
        </Group>
      </Card>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate('/rewardApplication')}>{t.back}</Button>
        <Button loading={submitting} onClick={() => void submit()}>{t.submit}</Button>
      </Group>
      <CompanyPicker opened={picking} onClose={() => setPicking(false)} api={api} chosen={companies} onChoose={setCompanies} />
      <Modal opened={error !== null} onClose={() => setError(null)} title={t.errorTitle} centered>
        <Alert color="red" mb="md">{error}</Alert>
        <Group justify="flex-end"><Button onClick={() => setError(null)}>{commonText.confirm}</Button></Group>
      </Modal>
    </Stack>
  );
}

function CompanyPicker({ opened, onClose, api, chosen, onChoose }: {
  opened: boolean; onClose: () => void; api: ReturnType<typeof createRewardApi>; chosen: RecCompany[]; onChoose: (c: RecCompany[]) => void;
}) {
  const [name, setName] = useState('');
  const [rows, setRows] = useState<RecCompany[]>([]);
  const [picked, setPicked] = useState<RecCompany[]>([]);
  const latest = useLatest();
  const search = useCallback(async (text: string) => {
    try { const answer = await latest(api.companies(text)); if (answer) setRows(answer.value); } catch (e) { notifyError(e); }
  }, [latest, api]);
  useEffect(() => { if (opened) { setPicked(chosen); setName(''); void search(''); } }, [opened]);
  const has = (c: RecCompany) => picked.some((p) => p.recCompanyCode === c.recCompanyCode);
  return (
    <Modal opened={opened} onClose={onClose} title={t.chooseCompanies} size="lg" centered>
      <Stack>
        <Group align="flex-end">
          <TextInput label={t.companyName} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Button variant="default" onClick={() => void search(name.trim())}>{t.search}</Button>
        </Group>
        <Table striped withTableBorder aria-label={t.chooseCompanies}>
          <Table.Thead><Table.Tr><Table.Th w={40} /><Table.Th>{t.companyName}</Table.Th><Table.Th>{t.companyCode}</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.recCompanyCode}>
                <Table.Td><Checkbox aria-label={r.recCompanyName} checked={has(r)}
                  onChange={(e) => { const on = e.currentTarget.checked; setPicked((p) => (on ? [...p, r] : p.filter((x) => x.recCompanyCode !== r.recCompanyCode))); }} /></Table.Td>
                <Table.Td>{r.recCompanyName}</Table.Td><Table.Td>{r.recCompanyCode}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{commonText.cancel}</Button>
          <Button onClick={() => { onChoose(picked); onClose(); }}>{commonText.confirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * /enterprise (accounts §2, §4): the enterprise profile as machines/enterprise.ts drives it.
 * Top buttons 查看授权码, 生成授权码 (filed enterprises), 编辑 — or 保存并申报 while editing —,
 * 保存, 上传附件, 取消, each shown only with its button code; 编辑 is hidden while the filing is
 * under review (approveState 5). Sections: 企业信息, 平台备案信息 (state tag), 附件信息, 审批记录.
 */
import { Alert, Button, Group, LoadingOverlay, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { enterpriseProblems, type EnterpriseValues } from '../../../domain/enterprise/rules.ts';
import { enterpriseText as t } from '../../../domain/texts/enterprise.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { filingAccepts } from '../../../machines/enterprise-filing.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import type { Http } from '../../lib/http.ts';
import { createEnterpriseApi } from './api.ts';
import { ApprovalHistory, type ApprovalVo } from './components/ApprovalHistory.tsx';
import { AttachmentsTable, UploadDialog, type FileVo } from './components/Attachments.tsx';
import { AuthCodeDialogs, type AuthCodeStep } from './components/AuthCode.tsx';
import { CompanySection, FilingSection } from './components/Sections.tsx';
import { formValuesOf } from './form-values.ts';
import { rejectionOf } from './rejection.ts';
import { useEnterpriseActor } from './use-enterprise-actor.ts';
import { useFilingSession } from './use-filing-session.ts';

const problemsByField = (values: EnterpriseValues) => Object.fromEntries(enterpriseProblems(values).map((e) => [e.field, e.message]));

export default function EnterprisePage({ client }: { client?: Http }) {
  const [api] = useState(() => createEnterpriseApi(client));
  const actor = useEnterpriseActor(api);
  // under review: watch for the decision; a newly filed company's code goes to the session
  useFilingSession(actor, api);
  const record = useSelector(actor, (s) => s.context.record);
  const revision = useSelector(actor, (s) => s.context.revision);
  const errors = useSelector(actor, (s) => s.context.errors);
  const loadError = useSelector(actor, (s) => (s.matches('failed') ? s.context.loadError ?? '' : null));
  const editing = useSelector(actor, (s) => s.hasTag('editing'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const declaring = useSelector(actor, (s) => s.matches('declaring'));
  const viewing = useSelector(actor, (s) => s.matches('view'));
  const canEdit = useSelector(actor, (s) => s.can({ type: 'user.edit' }));
  const confirming = useSelector(actor, (s) => (s.matches('confirmingDeclare') ? 'declare' : s.matches('confirmingCancel') ? 'cancel' : null));
  const [authCodeStep, setAuthCodeStep] = useState<AuthCodeStep>('closed');
  const [uploading, setUploading] = useState(false);
  const form = useForm<EnterpriseValues>({ mode: 'controlled', initialValues: formValuesOf(null), validate: problemsByField, validateInputOnBlur: true });

  // a new record (loaded, saved, declared, or edits dropped): the form shows it
  useEffect(() => {
    form.setValues(formValuesOf(record));
    form.resetDirty();
    form.clearErrors();
  }, [revision]);
  // problems the machine found (its own check or the server's) show on the fields
  useEffect(() => {
    form.setErrors(errors);
  }, [errors]);

  const approveState = Number(record?.approveState ?? 0);
  const canAttach = viewing && record !== null && filingAccepts(approveState, { type: 'company.attach' });
  const filed = record !== null && filingAccepts(approveState, { type: 'company.generateAuthCode' });
  const refresh = () => actor.send({ type: 'user.refresh' });
  // sent back: the reviewer's latest opinion is the reason the enterprise must see (issue 20)
  const rejection = rejectionOf(approveState, (record?.approvalRecordVos as ApprovalVo[] | undefined) ?? []);

  if (loadError !== null) {
    return (
      <Alert color="red" title={loadError}>
        <Button mt="sm" variant="default" onClick={refresh}>{t.retry}</Button>
      </Alert>
    );
  }

  return (
    <Stack gap="md" pos="relative">
      <LoadingOverlay visible={busy && record === null} />
      <Group gap="sm">
        <PermissionButton code="viewAuthCode" variant="default" onClick={() => setAuthCodeStep('show')}>{t.viewAuthCode}</PermissionButton>
        {filed && <PermissionButton code="generateAuthCode" variant="default" onClick={() => setAuthCodeStep('confirm')}>{t.generateAuthCode}</PermissionButton>}
        {!editing && canEdit && <PermissionButton code="edit" onClick={() => actor.send({ type: 'user.edit' })}>{t.edit}</PermissionButton>}
        {editing && (
          <PermissionButton code="saveDeclare" loading={declaring} disabled={busy} onClick={() => actor.send({ type: 'user.declare', values: form.getValues() })}>
            {t.saveDeclare}
          </PermissionButton>
        )}
        {editing && (
          <PermissionButton code="save" loading={saving} disabled={busy} onClick={() => actor.send({ type: 'user.save', values: form.getValues() })}>{t.save}</PermissionButton>
        )}
        {canAttach && <PermissionButton code="upload" variant="default" onClick={() => setUploading(true)}>{t.upload}</PermissionButton>}
        {editing && <PermissionButton code="cancel" variant="default" disabled={busy} onClick={() => actor.send({ type: 'user.cancel' })}>{t.cancel}</PermissionButton>}
      </Group>
      {rejection && (
        <Alert color="red" title={t.rejectedTitle} role="alert">{t.rejectedReason(rejection.opinion ?? '', rejection.operationTime)}</Alert>
      )}
      <CompanySection form={form} editing={editing} />
      <FilingSection form={form} editing={editing} api={api} approveState={approveState} stateName={String(record?.showApproveState ?? '')} />
      <AttachmentsTable files={(record?.companyFileVos as FileVo[] | undefined) ?? []} canChange={canAttach} api={api} onChanged={refresh} />
      <ApprovalHistory records={(record?.approvalRecordVos as ApprovalVo[] | undefined) ?? []} />

      <Modal opened={confirming !== null} onClose={() => actor.send({ type: 'user.cancel' })} title={commonText.prompt} centered>
        <Text mb="md">{confirming === 'declare' ? t.confirmDeclare : t.confirmCancel}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'user.cancel' })}>{commonText.cancel}</Button>
          <Button onClick={() => actor.send({ type: 'user.confirm' })}>{commonText.confirm}</Button>
        </Group>
      </Modal>
      <AuthCodeDialogs step={authCodeStep} setStep={setAuthCodeStep} api={api} />
      {record && <UploadDialog opened={uploading} onClose={() => setUploading(false)} api={api} companyId={String(record.id ?? '')} onUploaded={refresh} />}
    </Stack>
  );
}

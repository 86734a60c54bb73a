/** 查看授权码 / 生成授权码 (§2): the code in a dialog; generating asks first (the old code stops working). */
import { Button, Code, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { enterpriseText as t } from '../../../../domain/texts/enterprise.ts';
import { commonText } from '../../../../domain/texts/web.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import type { AuthCode, EnterpriseApi } from '../api.ts';

export type AuthCodeStep = 'closed' | 'confirm' | 'show';

export function AuthCodeDialogs({ step, setStep, api }: { step: AuthCodeStep; setStep: (s: AuthCodeStep) => void; api: EnterpriseApi }) {
  const generate = async () => {
    try {
      await api.generateAuthCode();
      notifySuccess(t.generated);
      setStep('show');
    } catch (error) {
      notifyError(error);
      setStep('closed');
    }
  };
  return (
    <>
      <Modal opened={step === 'confirm'} onClose={() => setStep('closed')} title={commonText.prompt} centered>
        <Text mb="md">{t.confirmGenerate}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setStep('closed')}>{commonText.cancel}</Button>
          <Button onClick={generate}>{commonText.confirm}</Button>
        </Group>
      </Modal>
      <Modal opened={step === 'show'} onClose={() => setStep('closed')} title={t.authCode} centered>
        <ShowCode api={api} />
      </Modal>
    </>
  );
}

/** Reads the current code each time the dialog opens (after generating too: one source of truth). */
function ShowCode({ api }: { api: EnterpriseApi }) {
  const [code, setCode] = useState<AuthCode | null>(null);
  useEffect(() => {
    let live = true;
    api.queryAuthCode().then((c) => { if (live) setCode(c); }, notifyError);
    return () => { live = false; };
  }, [api]);
  if (!code) return <Text c="dimmed">…</Text>;
  return code.authCode ? (
    <Group gap="sm"><Code fz="lg" data-testid="auth-code">{code.authCode}</Code><Text size="sm" c="dimmed">{code.createTime}</Text></Group>
  ) : <Text>{t.noAuthCode}</Text>;
}

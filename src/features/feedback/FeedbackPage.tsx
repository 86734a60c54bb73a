/**
 * /feedback 意见反馈 (§2, §3, §5, §8): a suggestion (required, at most 255 characters), an optional
 * mobile phone, 提交 → 是否提交反馈信息? → /feedback/save {content, phone, source: 'PC'} → 反馈成功！
 */
import { Button, Group, Modal, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_SOURCE, feedbackProblems } from '../../../domain/content/feedback.ts';
import { feedbackText as t } from '../../../domain/texts/tickets.ts';
import { commonText } from '../../../domain/texts/web.ts';
import { http, type Http } from '../../lib/http.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

interface Values { content: string; phone: string }
const problemOf = (field: keyof Values) => (_: unknown, values: Values) => feedbackProblems(values).find((e) => e.field === field)?.message ?? null;

export default function FeedbackPage({ client = http }: { client?: Http }) {
  const [confirming, setConfirming] = useState<Values | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: { content: '', phone: '' },
    validate: { content: problemOf('content'), phone: problemOf('phone') },
    validateInputOnBlur: true,
  });

  const send = async () => {
    const values = confirming;
    setConfirming(null);
    if (!values) return;
    setBusy(true);
    try {
      await client.post('/api/enterprise/feedback/save', { content: values.content.trim(), phone: values.phone.trim(), source: FEEDBACK_SOURCE });
      notifySuccess(t.success);
      form.reset();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="lg" maw={640}>
      <Title order={4} mb="md">{t.title}</Title>
      <form onSubmit={form.onSubmit((values) => setConfirming(values))} noValidate>
        <Stack gap="sm">
          <Textarea label={t.content} placeholder={t.contentPlaceholder} withAsterisk rows={5}
            description={`${[...form.values.content].length}/${FEEDBACK_CONTENT_MAX}`} {...form.getInputProps('content')} />
          <TextInput label={t.phone} placeholder={t.phonePlaceholder} inputMode="numeric" {...form.getInputProps('phone')} />
          <Group><Button type="submit" loading={busy}>{t.submit}</Button></Group>
        </Stack>
      </form>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={commonText.prompt} centered>
        <Text mb="md">{t.confirm}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)}>{commonText.cancel}</Button>
          <Button onClick={() => void send()}>{commonText.confirm}</Button>
        </Group>
      </Modal>
    </Paper>
  );
}

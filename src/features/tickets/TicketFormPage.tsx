/**
 * /workorder/edit 写工单 (§2, §5): ticket type, title, description, screenshots (JPG/PNG under 2 MB,
 * at most 5; each uploaded as it is chosen), contact; breadcrumb back to the list. Submitting
 * creates the ticket (创建成功) and returns to the list.
 */
import { ActionIcon, Anchor, Breadcrumbs, Button, FileButton, Group, Image, Paper, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { screenshotProblem, ticketProblems, TICKET_CONTENT_MAX, TICKET_IMAGES_MAX, type TicketValues } from '../../../domain/content/tickets.ts';
import { ticketText as t, ticketTypeOptions } from '../../../domain/texts/tickets.ts';
import type { Http } from '../../lib/http.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { createTicketApi, fieldErrors } from './api.ts';

interface Values { ticketType: string; ticketTitle: string; ticketContent: string; telephone: string }
interface Shot { uri: string; name: string; preview: string }

const problemOf = (field: keyof Values) => (_: unknown, values: Values) => ticketProblems(values as TicketValues).find((e) => e.field === field)?.message ?? null;

export default function TicketFormPage({ client }: { client?: Http }) {
  const [api] = useState(() => createTicketApi(client));
  const navigate = useNavigate();
  const [shots, setShots] = useState<Shot[]>([]);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: { ticketType: '', ticketTitle: '', ticketContent: '', telephone: '' },
    validate: { ticketType: problemOf('ticketType'), ticketTitle: problemOf('ticketTitle'), ticketContent: problemOf('ticketContent'), telephone: problemOf('telephone') },
    validateInputOnBlur: true,
  });
  // previews are object URLs: freed when a screenshot is removed, and all of them when the page goes
  const previews = useRef(new Set<string>());
  useEffect(() => () => { for (const url of previews.current) URL.revokeObjectURL(url); }, []);
  const drop = (shot: Shot) => {
    URL.revokeObjectURL(shot.preview);
    previews.current.delete(shot.preview);
    setShots((all) => all.filter((x) => x !== shot));
  };

  const choose = async (files: File[]) => {
    setUploading(true);
    try {
      let count = shots.length;
      for (const file of files) {
        const problem = screenshotProblem(file.name, file.size) ?? (count >= TICKET_IMAGES_MAX ? t.tooManyImages : undefined);
        if (problem) {
          notifyWarning(problem);
          continue;
        }
        const uploaded = await api.upload(file);
        count += 1;
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        setShots((s) => [...s, { uri: uploaded.uri, name: uploaded.name, preview }]);
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setUploading(false);
    }
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await api.save({ ...values, filePath: shots.map((s) => ({ filePath: s.uri, fileName: s.name })) });
      notifySuccess(t.created);
      form.reset();
      shots.forEach(drop);
      navigate('/workorder');
    } catch (error) {
      const errors = fieldErrors(error);
      if (errors.length > 0) form.setErrors(Object.fromEntries(errors.map((e) => [e.field, e.message])));
      notifyError(error);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Stack gap="md">
      <nav aria-label="面包屑">
        <Breadcrumbs>
          <Anchor component={Link} to="/workorder">{t.listTitle}</Anchor>
          <Text>{t.formTitle}</Text>
        </Breadcrumbs>
      </nav>
      <Paper withBorder p="lg" maw={720}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Radio.Group label={t.ticketType} withAsterisk {...form.getInputProps('ticketType')}>
              <Group mt={4}>{ticketTypeOptions.map((o) => <Radio key={o.value} value={o.value} label={o.label} />)}</Group>
            </Radio.Group>
            <TextInput label={t.ticketTitle} withAsterisk {...form.getInputProps('ticketTitle')} />
            <Textarea label={t.ticketContent} withAsterisk rows={5}
              description={`${[...form.values.ticketContent].length}/${TICKET_CONTENT_MAX}`} {...form.getInputProps('ticketContent')} />
            <Stack gap={4}>
              <Text size="sm" fw={500}>{t.screenshot}</Text>
              <Group gap="sm" align="flex-start">
                {shots.map((s) => (
                  <Stack key={s.uri} gap={2} align="center">
                    <Image src={s.preview} alt={s.name} w={96} h={72} fit="cover" radius="sm" />
                    <Group gap={2} wrap="nowrap">
                      <Text size="xs" maw={72} truncate>{s.name}</Text>
                      <ActionIcon size="xs" variant="subtle" color="red" aria-label={`移除 ${s.name}`} onClick={() => drop(s)}>×</ActionIcon>
                    </Group>
                  </Stack>
                ))}
                {shots.length < TICKET_IMAGES_MAX && (
                  <FileButton onChange={(files) => void choose(files)} accept="image/png,image/jpeg" multiple>
                    {(props) => <Button {...props} variant="default" h={72} loading={uploading}>＋ {t.screenshot}</Button>}
                  </FileButton>
                )}
              </Group>
              <Text size="xs" c="dimmed">{t.uploadHint}</Text>
            </Stack>
            <TextInput label={t.telephone} withAsterisk {...form.getInputProps('telephone')} />
            <Group>
              <Button type="submit" loading={busy} disabled={uploading}>{t.submit}</Button>
              <Button variant="default" onClick={() => navigate('/workorder')}>{t.back}</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

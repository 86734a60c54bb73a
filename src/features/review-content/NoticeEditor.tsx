/**
 * The article form of 内容发布 (issue 20): title, HTML body with a live preview of what the server
 * will keep (its allow-list, domain/content/rich-text.ts, then DOMPurify as the enterprise page), and a cover
 * picture (JPG/PNG up to 2 MB). A new article is saved as a draft.
 */
import { Button, FileButton, Group, Image, Modal, Paper, Stack, Text, Textarea, TextInput, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { CONTENT_IMAGE_MAX_MB, noticeProblems } from '../../../domain/content/publishing.ts';
import { sanitizeRichText } from '../../../domain/content/rich-text.ts';
import { reviewContentText as t } from '../../../domain/texts/review-content.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import type { DeskNotice, ReviewContentApi } from './api.ts';

export interface EditorTarget { type: 'NEWS' | 'NOTICE'; notice: DeskNotice | null }

export function NoticeEditor({ api, target, onClose, onSaved }: { api: ReviewContentApi; target: EditorTarget; onClose: () => void; onSaved: () => void }) {
  const [title, setTitle] = useState(target.notice?.title ?? '');
  const [content, setContent] = useState(target.notice?.content ?? '');
  const [cover, setCover] = useState<{ token: string | null; displayUri: string } | null>(target.notice?.cover ? { token: null, displayUri: target.notice.cover.displayUri } : null);
  const [coverChanged, setCoverChanged] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // what the server will keep (the same allow-list), behind the enterprise page's own guard
  const preview = useMemo(() => DOMPurify.sanitize(sanitizeRichText(content)), [content]);

  const pickCover = async (file: File | null) => {
    if (!file) return;
    if (!/\.(jpe?g|png)$/i.test(file.name)) { notifyWarning(t.notImage); return; }
    if (file.size > CONTENT_IMAGE_MAX_MB * 1024 * 1024) { notifyWarning(t.imageTooLarge(CONTENT_IMAGE_MAX_MB)); return; }
    try {
      const uploaded = await api.uploadImage(file);
      setCover({ token: uploaded.token, displayUri: uploaded.displayUri });
      setCoverChanged(true);
    } catch (error) {
      notifyError(error);
    }
  };
  const save = async () => {
    const problems = noticeProblems({ type: target.type, title, content });
    setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
    if (problems.length > 0) return;
    setBusy(true);
    try {
      await api.saveNotice({
        ...(target.notice ? { id: target.notice.id } : {}), type: target.type, title, content,
        ...(coverChanged ? { coverToken: cover?.token ?? null } : {}),
      });
      notifySuccess(t.saved);
      onSaved();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} size="xl" title={`${target.notice ? t.edit : t.add}${target.type === 'NEWS' ? t.news : t.notices}`}>
      <Stack gap="sm">
        <TextInput label={t.titleLabel} required value={title} error={errors.title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Group align="flex-end" gap="sm">
          {cover && <Image src={cover.displayUri} alt={t.cover} h={72} w={128} fit="cover" radius="sm" />}
          <FileButton accept="image/png,image/jpeg" onChange={(f) => void pickCover(f)}>
            {(props) => <Button {...props} variant="default">{t.cover}</Button>}
          </FileButton>
          {cover && <Button variant="subtle" color="red" onClick={() => { setCover(null); setCoverChanged(true); }}>{t.removeCover}</Button>}
          <Text size="xs" c="dimmed">{t.coverHint}</Text>
        </Group>
        <Textarea label={t.content} description={t.contentHint} required rows={12} value={content} error={errors.content}
          styles={{ input: { fontFamily: 'monospace' } }} onChange={(e) => setContent(e.currentTarget.value)} />
        <Text size="sm" fw={500}>{t.preview}</Text>
        <Paper withBorder p="md" mah={320} style={{ overflow: 'auto' }}>
          <Typography><div data-testid="notice-preview" dangerouslySetInnerHTML={{ __html: preview }} /></Typography>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t.cancel}</Button>
          <Button loading={busy} onClick={() => void save()}>{t.save}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * 系统备份 on the operator's 企业管理 (issue 30): the last automatic backup of this server — its time
 * and size, or a warning when it failed or is overdue — and the next planned one.
 */
import { Alert, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { backupErrorText, type BackupHealth, type BackupStatusAnswer } from '../../../domain/ops/backup-health.ts';
import { reviewCompanyText as t } from '../../../domain/texts/review-company.ts';
import type { ReviewCompanyApi } from './api.ts';

const colors: Record<BackupHealth, string> = { ok: 'green', none: 'blue', off: 'gray', failed: 'red', overdue: 'yellow' };

function headline(s: BackupStatusAnswer): string {
  const last = s.last;
  if (s.health === 'failed' && last) return t.backupFailed(last.time, backupErrorText(last.error ?? '', t.backupCauses));
  if (s.health === 'off') return t.backupOff;
  if (!last) return t.backupNone;
  if (s.health === 'overdue') return t.backupOverdue(last.time);
  return t.backupOk(last.time, last.size ?? '', last.file ?? '');
}

function plan(s: BackupStatusAnswer): string | null {
  if (s.next) return t.backupNext(s.next, s.keep, s.dir);
  if (s.everyMinutes) return t.backupEvery(s.everyMinutes, s.keep, s.dir);
  return null;
}

export function BackupStatus({ api }: { api: Pick<ReviewCompanyApi, 'backupStatus'> }) {
  const [status, setStatus] = useState<BackupStatusAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api.backupStatus().then((s) => { if (live) setStatus(s); }, () => { if (live) setFailed(true); });
    return () => { live = false; };
  }, [api]);
  if (failed) return <Alert color="yellow" title={t.backupTitle}>{t.backupUnreadable}</Alert>;
  if (!status) return null;
  const next = plan(status);
  return (
    <Alert color={colors[status.health]} title={t.backupTitle} data-testid="backup-status" data-health={status.health}>
      <Text size="sm">{headline(status)}</Text>
      {next && <Text size="xs" c="dimmed">{next}</Text>}
    </Alert>
  );
}

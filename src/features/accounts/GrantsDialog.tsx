/**
 * 权限 of one sub-account (issue 17): its modules and buttons as the main account ticked them,
 * saved at once; the sub-account's next call follows them (its menu on its next page load).
 */
import { Button, Group, Modal, ScrollArea } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { GrantPair } from '../../../domain/grants.ts';
import { grantText as t } from '../../../domain/texts/api-keys.ts';
import { GrantTreePicker } from '../../components/GrantTreePicker.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import type { AccountApi, AccountRow } from './api.ts';

export function GrantsDialog({ row, api, onClose }: { row: AccountRow | null; api: AccountApi; onClose(): void }) {
  const [grants, setGrants] = useState<GrantPair[] | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setGrants(null);
    if (!row) return;
    let live = true;
    api.grants(row.id).then((g) => { if (live) setGrants(g); }, (error) => { notifyError(error); onClose(); });
    return () => { live = false; };
  }, [row, api, onClose]);

  const save = async () => {
    if (!row || !grants) return;
    setSaving(true);
    try {
      await api.saveGrants(row.id, grants);
      notifySuccess(t.saved);
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={row !== null} onClose={onClose} title={row ? t.title(row.loginName) : ''} size="xl" centered>
      <ScrollArea.Autosize mah="65vh">
        {grants && <GrantTreePicker value={grants} onChange={setGrants} />}
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>{t.cancel}</Button>
        <Button onClick={() => void save()} loading={saving} disabled={!grants}>{t.save}</Button>
      </Group>
    </Modal>
  );
}

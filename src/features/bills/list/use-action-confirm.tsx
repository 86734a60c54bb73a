/**
 * Mirrors the machine's `confirming` state in a @mantine/modals dialog: opened on entry, closed
 * when the machine moves on. Closing it (×, Esc, 取消) is user.cancel; 确定 is user.confirm.
 */
import { modals } from '@mantine/modals';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { commonText } from '../../../../domain/texts/web.ts';
import type { BillListMachine, BillRow } from '../../../../machines/bill-list.ts';
import { ActionConfirm } from './components/ActionConfirm.tsx';

export function useActionConfirm(actor: ActorRefFrom<BillListMachine>, titleOf: (row: BillRow) => string): void {
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const pending = useSelector(actor, (s) => s.context.pending);
  useEffect(() => {
    if (!confirming || !pending) return;
    let machineMovedOn = false;
    const id = modals.open({
      title: commonText.prompt,
      // a close the machine caused is no cancel: only the user's own close sends one
      onClose: () => {
        if (!machineMovedOn) actor.send({ type: 'user.cancel' });
      },
      children: (
        <ActionConfirm
          pending={pending}
          titleOf={titleOf}
          onConfirm={(values) => actor.send({ type: 'user.confirm', values })}
          onCancel={() => modals.close(id)}
        />
      ),
    });
    return () => {
      machineMovedOn = true;
      modals.close(id);
    };
  }, [confirming, pending, actor, titleOf]);
}

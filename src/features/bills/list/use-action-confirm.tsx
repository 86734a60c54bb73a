/**
 * Mirrors the machine's `confirming` state in a @mantine/modals dialog: opened on entry, closed
 * when the machine moves on. Closing it (×, Esc, 取消) is user.cancel; 确定 is user.confirm. The
 * dialog is the confirmation (with the prompt of a 'prompt' action), or, for an action of kind
 * 'dialog', the bill-specific dialog it names, titled by the action.
 */
import { modals } from '@mantine/modals';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { BillDefinition } from '../../../../domain/bills/types.ts';
import { commonText } from '../../../../domain/texts/web.ts';
import type { BillListMachine, BillRow } from '../../../../machines/bill-list.ts';
import type { Http } from '../../../lib/http.ts';
import { dialogOf, type ActionDialogs } from '../overrides/action-dialogs.ts';
import { listActionKind } from './action-kind.ts';
import { ActionConfirm } from './components/ActionConfirm.tsx';

export interface ActionConfirmSetup {
  definition: BillDefinition;
  titleOf: (row: BillRow) => string;
  dialogs: ActionDialogs;
  client: Http;
}

export function useActionConfirm(actor: ActorRefFrom<BillListMachine>, { definition, titleOf, dialogs, client }: ActionConfirmSetup): void {
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const pending = useSelector(actor, (s) => s.context.pending);
  useEffect(() => {
    if (!confirming || !pending) return;
    let machineMovedOn = false;
    const onSubmit = (values: Record<string, string>) => actor.send({ type: 'user.confirm', values });
    const onCancel = () => modals.close(id);
    const Dialog = listActionKind(pending.action) === 'dialog' ? dialogOf(dialogs, pending.action) : undefined;
    const id = modals.open({
      title: Dialog ? pending.action.label : commonText.prompt,
      size: Dialog ? 'lg' : 'md',
      // a close the machine caused is no cancel: only the user's own close sends one
      onClose: () => {
        if (!machineMovedOn) actor.send({ type: 'user.cancel' });
      },
      children: Dialog ? (
        <Dialog definition={definition} pending={pending} titleOf={titleOf} client={client} onSubmit={onSubmit} onCancel={onCancel} />
      ) : (
        <ActionConfirm pending={pending} titleOf={titleOf} onConfirm={onSubmit} onCancel={onCancel} />
      ),
    });
    return () => {
      machineMovedOn = true;
      modals.close(id);
    };
  }, [confirming, pending, actor, definition, titleOf, dialogs, client]);
}

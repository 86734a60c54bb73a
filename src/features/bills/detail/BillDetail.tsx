/**
 * The generic bill detail page (bills §2 Detail screen, §4, §5): 表头信息 and 表体信息 from the
 * definition, the buttons of its detail actions, the lifecycle in machines/bill-detail.ts. The
 * view renders the machine's snapshot and sends it events; the forms hold what is being typed and
 * are reset from the machine whenever the page's copy of the bill is replaced (context.revision).
 */
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { InspectionEvent } from 'xstate';
import { computedTotals } from '../../../../domain/bills/computed-totals.ts';
import type { ActionDef, BillDefinition } from '../../../../domain/bills/types.ts';
import { billDetailText, billText } from '../../../../domain/texts/bills.ts';
import { commonText } from '../../../../domain/texts/web.ts';
import { type BillRef, type DetailEvent } from '../../../../machines/bill-detail.ts';
import { NEW_LINE_KEY, nextSequence } from '../../../../machines/bill-detail-lines.ts';
import { lifecycleAccepts, lifecycleSnapshot, type LifecycleEvent } from '../../../../machines/bill-lifecycle.ts';
import { DefinitionForm, formProblems, useDefinitionForm, valuesOf } from '../../../components/DefinitionForm.tsx';
import { useUserInfo } from '../../../lib/auth-context.tsx';
import { getDictionary } from '../../../lib/dictionaries.ts';
import { http, type Http } from '../../../lib/http.ts';
import { notifyWarning } from '../../../lib/notify.ts';
import { useButtonCodes } from '../../../lib/permissions.ts';
import { useOwnTab } from '../../../app/layout/own-tab.tsx';
import { listPathOf } from './bill-ref.ts';
import { useHeadHints } from './head-hints.tsx';
import { useLineSums } from './use-line-sums.ts';
import { BodySection } from './BodySection.tsx';
import { DetailBreadcrumb } from './DetailBreadcrumb.tsx';
import { DetailHeader } from './DetailHeader.tsx';
import { DetailToolbar, type ToolbarButton } from './DetailToolbar.tsx';
import { detailDialogOf, detailSections } from '../overrides/detail-overrides.ts';
import { TimelineSection } from './TimelineSection.tsx';
import { fieldDefaults } from './defaults.ts';
import { useDetailActor } from './use-detail-actor.ts';
import { useStoredAddress } from './use-stored-address.ts';
import { checkBill } from './validation.ts';

/**
 * The body buttons' code (bills §6 bodySave). A definition lists a bodySave action (api saveLines)
 * when a stored bill's rows save alone; without it the rows go with the bill's 保存.
 */
const BODY_SAVE = 'bodySave';

function confirm(message: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title: commonText.prompt,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: commonText.confirm, cancel: commonText.cancel },
    onConfirm,
  });
}

export interface BillDetailProps {
  definition: BillDefinition;
  bill: BillRef;
  client?: Http;
  /** sees the page machine's snapshots and events (developer tools, the model-based test) */
  inspect?: (event: InspectionEvent) => void;
}

export function BillDetail({ definition, bill, client = http, inspect }: BillDetailProps) {
  const userInfo = useUserInfo();
  const listPath = listPathOf(definition.mode, definition.key);
  const granted = useButtonCodes(listPath);
  const actor = useDetailActor(definition, bill, client, inspect);
  // a detail action's own dialog (ActionDef.dialog, e.g. 订单汇总), open over the stored bill
  const [dialog, setDialog] = useState<ActionDef | null>(null);
  const snap = useSelector(actor, (s) => s);
  const { context } = snap;
  const send = useCallback((event: DetailEvent) => actor.send(event), [actor]);
  useStoredAddress(definition, bill, context.bill);
  const loadDictionary = useCallback((code: string) => getDictionary(code, client), [client]);

  const lineFields = useMemo(() => definition.lines?.fields ?? [], [definition]);
  const sequenceField = definition.lines?.sequenceField;
  const lineDefaults = useMemo(() => fieldDefaults(lineFields, userInfo), [lineFields, userInfo]);
  const headForm = useDefinitionForm(definition.head);
  const lineForm = useDefinitionForm(lineFields, lineDefaults);

  const editing = snap.hasTag('editing');
  const headHints = useHeadHints(definition, context, headForm, snap.matches('edit'), loadDictionary, userInfo ? String(userInfo.account ?? userInfo.username) : undefined);
  const headLeft = useLineSums(definition, context, headForm, editing);
  const mode = editing ? 'edit' : snap.matches('view') || snap.matches('following') || snap.matches('refreshing') || snap.matches('paging') ? 'view' : 'none';
  const rowsEditable = snap.matches('edit') && definition.lines !== undefined && definition.lines.paged !== true;
  // while a row is saved alone (bodySave) its buttons stay, 保存 with its loader
  const savingLine = snap.matches('savingLine');
  const selected = context.lines.find((l) => l.id === context.selectedLineId);

  // The page's copy was replaced (loaded, stored, reloaded): the head form shows it.
  useEffect(() => {
    const values = valuesOf(definition.head, context.head);
    headForm.setValues(values);
    headForm.resetDirty(values);
  }, [context.revision]); // only a new copy resets the form, never a re-render while typing
  // Errors belong to the values they were found in: set when the machine reports new ones only (a
  // row put into the table keeps the head's errors object), so a field fixed since — its error
  // cleared as it was typed — never gets its old message back.
  useEffect(() => headForm.setErrors(context.errors.head), [context.errors.head]);
  // The body form follows the selected row (a new row after 新增, numbered max+1), with that row's errors.
  useEffect(() => {
    const fresh = sequenceField ? { ...lineDefaults, [sequenceField]: nextSequence(context.lines, sequenceField) } : lineDefaults;
    const values = valuesOf(lineFields, selected ?? fresh);
    lineForm.setValues(values);
    lineForm.resetDirty(values);
  }, [context.selectedLineId, context.revision]);
  useEffect(() => {
    lineForm.setErrors(context.errors.lines[context.selectedLineId ?? NEW_LINE_KEY] ?? {});
  }, [context.errors.lines, context.selectedLineId]);

  /** 保存 of the body form: the row goes into the table only when it passes the rules. */
  const saveLine = (): boolean => {
    const values = lineForm.getValues();
    const problems = formProblems(lineFields, values, 'save');
    if (Object.keys(problems).length > 0) {
      lineForm.setErrors(problems);
      return false;
    }
    send({ type: 'user.saveLine', line: { ...values, id: actor.getSnapshot().context.selectedLineId } });
    lineForm.resetDirty(values);
    return true;
  };

  /** 保存 / 保存并申报 / 暂存: a row still being typed must pass first (bills §5), then the bill. */
  const submit = (type: 'user.save' | 'user.saveAndDeclare' | 'user.stash', message?: string) => {
    if (rowsEditable && lineForm.isDirty()) {
      if (!saveLine()) return;
      // a row saved alone (bodySave) goes to the server first: the bill's 保存 is the user's next step
      if (!actor.getSnapshot().matches('edit')) return;
    }
    const head = headForm.getValues();
    // 暂存 may be unfinished work: types and lengths only, the required fields wait for 保存 / 申报
    const errors = checkBill(definition, head, actor.getSnapshot().context.lines, type === 'user.stash' ? 'draft' : type === 'user.save' ? 'save' : 'declare');
    if (errors.length > 0) {
      send({ type: 'form.invalid', errors });
      return;
    }
    if (message) confirm(message, () => send({ type, head }));
    else send({ type, head });
  };

  /** edits that 刷新 or closing the page would lose */
  const hasUnsaved = () => {
    const c = actor.getSnapshot().context;
    return actor.getSnapshot().hasTag('editing') && (headForm.isDirty() || lineForm.isDirty() || c.linesChanged);
  };
  // the tab reads the bill's number (添加 until stored); 返回 closes it, asking about unsaved edits
  const number = context.bill.id === null ? null : String(context.head[definition.titleField] ?? '');
  const ownTab = useOwnTab(number, hasUnsaved);

  const refresh = () => {
    if (hasUnsaved()) confirm(billDetailText.confirmRefresh, () => send({ type: 'user.refresh' }));
    else send({ type: 'user.refresh' });
  };

  const deleteLine = (action: ActionDef) => {
    const id = actor.getSnapshot().context.selectedLineId;
    if (id === null) {
      notifyWarning(billText.selectLinesToDelete);
      return;
    }
    confirm(action.confirm ?? billText.confirmDeleteLines, () => send({ type: 'user.deleteLine', id }));
  };

  const buttons: Record<string, ToolbarButton> = {
    edit: { mode: 'view', run: () => send({ type: 'user.edit' }) },
    save: { mode: 'edit', run: (a) => submit('user.save', a.confirm), busyIn: 'saving' },
    saveDeclare: {
      mode: 'edit', run: (a) => submit('user.saveAndDeclare', a.confirm), busyIn: 'declaring',
      // a saved draft declares as stored: no 编辑 → 保存并申报 round (its refusal opens the edit with the errors)
      inView: { label: billDetailText.declare, run: () => confirm(billDetailText.confirmDeclare, () => send({ type: 'user.declare' })) },
    },
    temporary: { mode: 'edit', run: () => submit('user.stash'), busyIn: 'stashing' },
    refresh: { mode: 'any', run: refresh, busyIn: 'refreshing' },
    // 删除 takes out a body row: on a form with none (a new bill's, before its first row) there is nothing
    // to delete, and 请选择需要删除的数据！ read as if the unsaved bill could not be deleted (issue 31 item 14)
    ...(definition.lines && !definition.lines.paged ? { delete: { mode: 'edit', run: deleteLine, offered: context.lines.length > 0 } as const } : {}),
    ...Object.fromEntries(definition.actions.filter((a) => detailDialogOf(a)).map((a) => [a.code, { mode: 'view', run: setDialog } as const])),
  };
  // stable props for the memoised body table
  const invalidIds = useMemo(() => new Set(Object.keys(context.errors.lines)), [context.errors]);
  const selectLine = useCallback((id: string) => send({ type: 'user.selectLine', id }), [send]);
  const canPage = snap.matches('view');
  const paging = useMemo(() => (definition.lines?.paged
    ? { pageIndex: context.pageIndex, lineTotal: context.lineTotal, enabled: canPage, onPage: (pageIndex: number) => send({ type: 'user.page', pageIndex }) }
    : undefined), [definition, context.pageIndex, context.lineTotal, canPage, send]);
  const lifecycle = lifecycleSnapshot(context.state);
  const accepts = (event: string) => lifecycleAccepts(lifecycle, { type: event } as LifecycleEvent);
  const busy = snap.hasTag('busy');

  return (
    <Stack gap="md" aria-busy={busy} aria-label={definition.label} component="article">
      <DetailBreadcrumb listPath={listPath} fallback={definition.label} adding={context.bill.id === null} />
      <DetailHeader definition={definition} head={context.head} stored={context.bill.id !== null}>
        <DetailToolbar actions={definition.actions} buttons={buttons} granted={granted} mode={mode}
          idle={snap.matches('view') || snap.matches('edit') || snap.matches('failed')}
          matches={(s) => snap.matches(s as never)} accepts={accepts} onBack={() => ownTab.closeTo(listPath)} label={billDetailText.toolbar} />
      </DetailHeader>
      {snap.matches('failed') && <Alert color="red">{context.loadError}</Alert>}
      {snap.matches('edit') && context.outdated && (
        <Alert color="blue" title={billDetailText.outdated}>
          <Group gap="xs">
            {/* the user chose to drop the edits here: no second question */}
            <Button size="xs" onClick={() => send({ type: 'user.refresh' })}>{billDetailText.outdatedRefresh}</Button>
            <Button size="xs" variant="default" onClick={() => send({ type: 'user.dismiss' })}>{billDetailText.outdatedKeepEditing}</Button>
          </Group>
        </Alert>
      )}
      {context.errors.general.length > 0 && <Alert color="red">{context.errors.general.join('；')}</Alert>}
      {snap.matches('loading') ? (
        <Center mih={200}><Loader size="sm" aria-label={billDetailText.loading} /></Center>
      ) : !snap.matches('failed') && (
        <>
          <Paper withBorder p="md" component="section" aria-label={billText.head}>
            <Title order={5} mb="sm">{billText.head}</Title>
            <DefinitionForm fields={definition.head} form={headForm} disabled={!snap.matches('edit')} loadDictionary={loadDictionary} descriptions={headHints} onFieldBlur={headLeft} />
          </Paper>
          {definition.lines && (
            <BodySection
              fields={lineFields}
              form={lineForm}
              loadDictionary={loadDictionary}
              columns={definition.lines.columns}
              showForm={rowsEditable || savingLine || selected !== undefined}
              rowsEditable={rowsEditable}
              savingLine={savingLine}
              canSaveRows={granted.has(BODY_SAVE)}
              onNewLine={() => send({ type: 'user.newLine' })}
              onSaveLine={saveLine}
              products={computedTotals(definition).lineProducts}
              table={{ lines: context.lines, selectedId: context.selectedLineId, invalidIds, onSelect: selectLine, selectable: snap.matches('view') || snap.matches('edit'), ...(paging ? { paging } : {}) }}
            />
          )}
          {/* sections the definition adds under the body (definition.detailSections, e.g. 税费预估) */}
          {(definition.detailSections ?? []).map((name) => {
            const Section = detailSections[name];
            return Section ? <Section key={name} definition={definition} head={context.head} lines={context.lines} /> : null;
          })}
          {/* 回执记录 of a stored bill, read again with every new copy of it (刷新, after a declaration) */}
          {context.bill.id !== null && <TimelineSection billId={context.bill.id} revision={context.revision} state={context.state} client={client} />}
        </>
      )}
      {(() => {
        const Dialog = dialog ? detailDialogOf(dialog) : undefined;
        const id = context.bill.id;
        return Dialog && id !== null ? (
          <Dialog definition={definition} bill={{ ...context.bill, id }} client={client} onClose={() => setDialog(null)}
            onDone={() => { setDialog(null); send({ type: 'user.refresh' }); }} />
        ) : null;
      })()}
    </Stack>
  );
}

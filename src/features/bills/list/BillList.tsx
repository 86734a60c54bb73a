/**
 * The generic bill list (bills §2 "List screen"), driven only by the bill's definition: top
 * buttons by permission, the create window, 高级搜索, 批量查询, the state filter with counts, the
 * table, paging, receipts, batch results, the bulk job's progress (批量申报). Behaviour is the
 * bill-list machine's (and its job child's); this view renders their snapshots and sends them events.
 *
 * Kept alive across tab switches (the layout keeps /bill/ pages mounted): nothing here reads the
 * location, so navigating elsewhere neither re-renders nor refetches the list.
 */
import { Box, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ActionDef, BillDefinition } from '../../../../domain/bills/types.ts';
import type { Sort, TimeWindow } from '../../../../domain/query.ts';
import { billJobText, billListText, billText } from '../../../../domain/texts/bills.ts';
import type { BillRow } from '../../../../machines/bill-list.ts';
import { ColumnChooser } from '../../../components/ColumnChooser.tsx';
import { columnSettingsKey, useColumnSettings } from '../../../components/column-settings.ts';
import { DefinitionTable } from '../../../components/DefinitionTable.tsx';
import { useModules, useUserInfo } from '../../../lib/auth-context.tsx';
import { http, type Http } from '../../../lib/http.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { buttonCodesFor } from '../../../lib/permissions.ts';
import { actionDialogs, dialogOf, type ActionDialogs } from '../overrides/action-dialogs.ts';
import { useStandaloneActions } from '../overrides/standalone-actions.tsx';
import { codeTablesOf, useCodeNames } from '../shared/code-names.ts';
import { billDetailPath, billListPath } from '../shared/detail-link.ts';
import { fieldOfColumn, rowFields } from '../shared/row-fields.ts';
import { listActionKind, listControlCodes } from './action-kind.ts';
import { downloadQueryTemplate } from './api/actions.ts';
import { BatchResultDialog } from './components/BatchResultDialog.tsx';
import { ImportedFilter } from './components/ImportedFilter.tsx';
import { ImportQueryDialog } from './components/ImportQueryDialog.tsx';
import { JobDialog } from './components/JobDialog.tsx';
import { JobIndicator } from './components/JobIndicator.tsx';
import { ListPager } from './components/ListPager.tsx';
import { ListToolbar } from './components/ListToolbar.tsx';
import { LoadError } from './components/LoadError.tsx';
import { ReceiptCell } from './components/ReceiptCell.tsx';
import { ReceiptDialog } from './components/ReceiptDialog.tsx';
import { SearchDialog } from './components/SearchDialog.tsx';
import { StateFilter } from './components/StateFilter.tsx';
import { defaultWindow } from './create-window.ts';
import { countConditions, searchTerms, type SearchValues } from './search-terms.ts';
import { useActionConfirm } from './use-action-confirm.tsx';
import { useBillStates } from './use-bill-states.ts';
import { openDownload } from './open-download.ts';
import { useBillJob } from './use-bill-job.ts';
import { useBillListActor } from './use-bill-list.ts';
import { useListSummary } from './use-list-summary.ts';

export interface BillListProps {
  definition: BillDefinition;
  /** opens another page of the app (the detail, the add page) */
  onNavigate: (to: string) => void;
  client?: Http;
  /** the bill-specific dialogs actions of kind 'dialog' name (the registry; tests bring their own) */
  dialogs?: ActionDialogs;
}

/** Header (AppShell offset) + tab strip ~37 px + the page area's padding 2 × 16 px. */
const PAGE_HEIGHT = 'calc(100dvh - var(--app-shell-header-offset, 0px) - 72px)';

function BillListView({ definition, onNavigate, client = http, dialogs = actionDialogs }: BillListProps) {
  const { list, mode, key } = definition;
  // the export sends the columns 列设置 hides (set below, once the settings are read)
  const hiddenRef = useRef<readonly string[]>([]);
  const actor = useBillListActor(definition, client, useCallback(() => hiddenRef.current, []));
  const send = actor.send;

  const rows = useSelector(actor, (s) => s.context.rows);
  const selected = useSelector(actor, (s) => s.context.selected);
  const total = useSelector(actor, (s) => s.context.total);
  const estimated = useSelector(actor, (s) => s.context.estimated);
  const pageIndex = useSelector(actor, (s) => s.context.pageIndex);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const sorts = useSelector(actor, (s) => s.context.sorts);
  const state = useSelector(actor, (s) => s.context.state);
  const counts = useSelector(actor, (s) => s.context.counts);
  const createWindow = useSelector(actor, (s) => s.context.window);
  const imported = useSelector(actor, (s) => s.context.imported);
  const result = useSelector(actor, (s) => s.context.result);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const countsLoading = useSelector(actor, (s) => s.hasTag('countsLoading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const ready = useSelector(actor, (s) => s.hasTag('ready'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const importing = useSelector(actor, (s) => s.hasTag('importing'));
  const busyCode = useSelector(actor, (s) =>
    s.hasTag('running') ? (s.context.pending?.action.code ?? null) : s.hasTag('exporting') ? (definition.actions.find((a) => a.api === 'export')?.code ?? null) : null,
  );
  const job = useBillJob(actor);
  // the job action (批量申报) waits while a job runs: one job at a time per list
  const jobAction = useMemo(() => definition.actions.find((a) => a.place === 'list' && a.kind === 'job'), [definition]);
  const jobCode = job.running ? (jobAction?.code ?? null) : null;
  const busyCodes = useMemo(() => [busyCode, jobCode].filter((c): c is string => c !== null), [busyCode, jobCode]);
  const jobLabel = jobAction?.label ?? billJobText.defaultLabel;

  // permissions of the list's module, not of the location: a kept-alive tab must not follow it
  const modules = useModules();
  const codes = useMemo(() => buttonCodesFor(modules, billListPath(mode, key)), [modules, mode, key]);
  // a dialog action whose dialog is not registered has nothing to open (action-dialogs.test.ts guards the definitions)
  const actions = useMemo(
    () => definition.actions.filter((a) => a.place === 'list' && codes.has(a.code) && (listActionKind(a) !== 'dialog' || dialogOf(dialogs, a) !== undefined)),
    [definition, codes, dialogs],
  );

  const fields = rowFields(definition);
  // 列设置: hidden columns and widths, per user and list
  const user = useUserInfo();
  const columnsKey = user ? columnSettingsKey(String(user.account ?? user.username), `${mode}.${key}`) : undefined;
  const columnSettings = useColumnSettings(columnsKey);
  const chooserColumns = useMemo(
    () => list.columns.map((column) => ({ column, label: column.label ?? fields.get(column.field)?.label ?? column.field })),
    [list.columns, fields],
  );
  const { settings: shownColumns, toggle: toggleColumn, reset: resetColumns } = columnSettings;
  useEffect(() => { hiddenRef.current = shownColumns.hidden; }, [shownColumns]);
  // one element while nothing changes: the toolbar is memoized
  const chooser = useMemo(
    () => <ColumnChooser columns={chooserColumns} settings={shownColumns} onToggle={toggleColumn} onReset={resetColumns} />,
    [chooserColumns, shownColumns, toggleColumn, resetColumns],
  );
  const tables = useMemo(() => codeTablesOf([...list.columns, ...list.search].map((c) => fields.get(c.field))), [list, fields]);
  const codeNames = useCodeNames(tables, client);
  const states = useBillStates(definition, client);

  const [searchValues, setSearchValues] = useState<SearchValues>({});
  const [searchOpen, setSearchOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [receiptRow, setReceiptRow] = useState<BillRow | null>(null);
  const [lastImported, setLastImported] = useState(imported);
  if (lastImported !== imported) {
    // an import that went through closes its dialog
    setLastImported(imported);
    if (imported.length > 0) setImportOpen(false);
  }
  // …and says so in the spec's words (issue 31: 导入成功 appeared nowhere)
  useEffect(() => { if (imported.length > 0) notifySuccess(billText.imported); }, [imported]);

  const titleOf = useCallback((row: BillRow) => String(row[definition.titleField] ?? row.id), [definition]);
  const selectTitle = useCallback((row: BillRow) => billListText.selectRow(titleOf(row)), [titleOf]);
  useActionConfirm(actor, { definition, titleOf, dialogs, client });
  const summary = useListSummary(actor, definition, client);

  // actions on no selected rows (上传Excel, 下载数据模板, 汇总 by condition) run beside the machine
  const reload = useCallback(() => send({ type: 'user.refresh' }), [send]);
  const runStandalone = useStandaloneActions({ definition, client, dialogs, onDone: reload });
  const onAction = useCallback(
    (action: ActionDef) => {
      if (runStandalone(action)) return;
      const kind = listActionKind(action);
      if (kind === 'add') onNavigate(action.opens ?? billDetailPath(mode, key));
      else if (kind === 'export') send({ type: 'user.export' });
      // batch, prompt and dialog actions: confirmed (or filled in) and run by the machine
      else send({ type: 'user.action', action });
    },
    [send, onNavigate, mode, key, runStandalone],
  );
  const onSearch = useCallback(
    (values: SearchValues) => {
      setSearchValues(values);
      setSearchOpen(false);
      send({ type: 'user.search', terms: searchTerms(list.search, values) });
    },
    [send, list.search],
  );
  const onReset = useCallback(() => {
    setSearchValues({});
    send({ type: 'user.reset', window: defaultWindow(list, new Date()) });
  }, [send, list]);
  const onTemplate = useCallback(() => {
    downloadQueryTemplate(client, definition).then((d) => openDownload(d.downloadUri, client), notifyError);
  }, [client, definition]);
  const onImportOpen = useCallback(() => setImportOpen(true), []);
  const onToggleSearch = useCallback(() => setSearchOpen((o) => !o), []);
  const onRefresh = useCallback(() => send({ type: 'user.refresh' }), [send]);
  const onWindow = useCallback((w: TimeWindow) => send({ type: 'user.window', window: w }), [send]);

  const linkOf = useCallback(
    (row: BillRow) => (list.detailPage ? list.detailPage.replace('{id}', encodeURIComponent(String(row.id))) : billDetailPath(mode, key, row.id, createWindow)),
    [list.detailPage, mode, key, createWindow],
  );
  const onSelect = useCallback((next: BillRow[]) => send({ type: 'user.select', rows: next }), [send]);
  const selection = useMemo(() => (list.selection ? { selected, onChange: onSelect } : undefined), [list.selection, selected, onSelect]);
  // the receipts of a bill need its customs message (the receipt's root and key fields)
  const trailing = useMemo(
    () =>
      definition.message
        ? { title: billListText.receipt, width: 64, render: (row: BillRow) => <ReceiptCell title={titleOf(row)} onOpen={() => setReceiptRow(row)} /> }
        : undefined,
    [definition.message, titleOf],
  );
  const onSort = useCallback((next: Sort[]) => send({ type: 'user.sort', sorts: next }), [send]);
  const onPage = useCallback((next: number) => send({ type: 'user.page', pageIndex: next }), [send]);
  const onPageSize = useCallback((next: number) => send({ type: 'user.pageSize', pageSize: next }), [send]);
  const onState = useCallback((next: string | null) => send({ type: 'user.filterState', state: next }), [send]);

  const canSearch = codes.has(listControlCodes.search) && list.search.length > 0;
  const importedCount = imported.reduce((n, t) => n + (Array.isArray(t.value) ? t.value.length : 1), 0);
  const importedLabel = imported[0] ? (fieldOfColumn(fields, imported[0].column)?.label ?? imported[0].column) : '';

  return (
    <Stack gap={6} h={PAGE_HEIGHT} mih={420}>
      <ListToolbar
        actions={actions}
        busyCodes={busyCodes}
        jobIndicator={job.watched && !job.shown && job.job ? <JobIndicator label={jobLabel} job={job.job} finished={job.finished} onOpen={job.open} /> : undefined}
        ready={ready}
        busy={busy}
        createWindow={createWindow}
        conditionCount={canSearch ? countConditions(list.search, searchValues) : undefined}
        onAction={onAction}
        onWindow={onWindow}
        onToggleSearch={onToggleSearch}
        onRefresh={onRefresh}
        onImport={codes.has(listControlCodes.importQuery) ? onImportOpen : undefined}
        onTemplate={codes.has(listControlCodes.queryTemplate) && definition.api.downloadQueryTemplate ? onTemplate : undefined}
        columnChooser={chooser}
      />
      <StateFilter states={states} counts={counts} countsLoading={countsLoading} active={state} onChange={onState} />
      {imported.length > 0 && <ImportedFilter count={importedCount} label={importedLabel} onClear={() => send({ type: 'user.clearImport' })} />}
      {failed && <LoadError message={error} onRetry={onRefresh} />}
      <Box style={{ flex: 1, minHeight: 0 }}>
        <DefinitionTable<BillRow>
          columns={list.columns}
          fields={fields}
          records={rows}
          codeNames={codeNames}
          fetching={loading}
          sorts={sorts}
          onSort={onSort}
          firstIndex={list.indexColumn ? pageIndex * pageSize + 1 : undefined}
          indexTitle={billListText.index}
          selection={selection}
          selectTitle={selectTitle}
          selectAllTitle={billListText.selectAll}
          linkOf={linkOf}
          onNavigate={onNavigate}
          trailing={trailing}
          noRecordsText={billListText.noRecords}
          settings={columnSettings.settings}
          onResize={columnSettings.resize}
        />
      </Box>
      {summary !== null && <Text size="sm" fw={500} role="status">{summary}</Text>}
      <ListPager
        pageIndex={pageIndex}
        pageSize={pageSize}
        pageSizeOptions={list.pageSizeOptions}
        total={total}
        rowsOnPage={rows.length}
        // a bare-array answer has no total: previous/next with the estimate, whatever the config says
        simple={Boolean(list.simplePaging) || estimated}
        selectedCount={selected.length}
        onPage={onPage}
        onPageSize={onPageSize}
      />
      <SearchDialog
        opened={searchOpen}
        search={list.search}
        fields={fields}
        codeNames={codeNames}
        values={searchValues}
        onSearch={onSearch}
        onReset={onReset}
        onClose={() => setSearchOpen(false)}
      />
      <ImportQueryDialog opened={importOpen} importing={importing} onImport={(files) => send({ type: 'user.import', files })} onClose={() => setImportOpen(false)} />
      <ReceiptDialog definition={definition} client={client} row={receiptRow} title={receiptRow ? titleOf(receiptRow) : ''} onClose={() => setReceiptRow(null)} />
      <BatchResultDialog result={result} titleOf={titleOf} onClose={() => send({ type: 'user.dismissResult' })} />
      <JobDialog opened={job.shown} label={jobLabel} job={job.job} finished={job.finished} pollFailing={job.pollFailing} onClose={job.close} onRetryFailed={job.retryFailed} />
    </Stack>
  );
}

export const BillList = memo(BillListView);

/**
 * The list of a bill nobody declares (税单, 汇总结果单, 运营商口岸): its own columns and search fields,
 * then when it arrived; newest customs time first (app_time holds the time customs issued it), the
 * generic paging and one-year creation window, rows selectable for export and 重新发送回执.
 */
import { billListPaging } from './lists.ts';
import type { ListColumn, ListConfig, SearchField } from './types.ts';

export function readOnlyBillList(columns: readonly ListColumn[], search: readonly SearchField[], extra: Partial<ListConfig> = {}): ListConfig {
  return {
    columns: [...columns, { field: 'createTime', sortable: true, width: 170 }],
    search,
    ...billListPaging,
    ...extra,
  };
}

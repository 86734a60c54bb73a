/**
 * The add form's starting values (bills §4: a new bill starts in edit mode): literal defaults of
 * the definition, and the company's own code and name from the stored userInfo. Words only the
 * server knows (company.dxpId, now, dxp) stay empty: the server fills them when it saves.
 */
import type { FieldDef } from '../../../../domain/bills/types.ts';
import type { UserInfo } from '../../../../machines/auth.ts';
import type { FieldValues } from '../../../../machines/bill-detail.ts';

export function fieldDefaults(fields: readonly FieldDef[], userInfo: UserInfo | null): FieldValues {
  const out: FieldValues = {};
  for (const f of fields) {
    const d = f.default;
    if (d === undefined) continue;
    if (typeof d !== 'object') out[f.name] = d;
    else if (d.word === 'company.code') out[f.name] = userInfo?.companyCode ?? null;
    else if (d.word === 'company.name') out[f.name] = userInfo?.companyName ?? null;
  }
  return out;
}

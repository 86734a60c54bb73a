/**
 * Reward application types and what verifying each one yields (accounts-and-enterprise.md §3
 * "Reward verification rows by apply type"). The spec names the codes by their verification rows
 * only (E91/E9/I9, E1/I1, I7, others); the labels and the bills each type is verified against are
 * ours: E = export, I = import; 9 = the 9610 parcel modes, 91 = the B2B modes 9710/9810,
 * 1 = 1210 bonded, 7 = import by road (路单), 0 = any other mode.
 *
 * The foundation seeded the apply_type dictionary with the customs appType (新增/变更/删除), which
 * is not this list, so the reward pages read their options from here.
 */
export interface ApplyType {
  value: string;
  label: string;
  mode: 'export' | 'import';
  /** trade modes of the inventories verified; empty = every mode */
  tradeModes: readonly string[];
  /** the verification row shape (§3) */
  rows: ResultShape;
}

export type ResultShape = 'parcel' | 'bonded' | 'road' | 'other';

export const applyTypes: readonly ApplyType[] = [
  { value: 'E9', label: 'E9 跨境电商9610出口', mode: 'export', tradeModes: ['9610'], rows: 'parcel' },
  { value: 'E91', label: 'E91 跨境电商B2B出口（9710/9810）', mode: 'export', tradeModes: ['9710', '9810'], rows: 'parcel' },
  { value: 'I9', label: 'I9 跨境电商9610进口', mode: 'import', tradeModes: ['9610'], rows: 'parcel' },
  { value: 'E1', label: 'E1 跨境电商1210出口', mode: 'export', tradeModes: ['1210'], rows: 'bonded' },
  { value: 'I1', label: 'I1 跨境电商1210进口', mode: 'import', tradeModes: ['1210', '1239'], rows: 'bonded' },
  { value: 'I7', label: 'I7 跨境电商进口陆路运输', mode: 'import', tradeModes: ['9610', '1210'], rows: 'road' },
  { value: 'E0', label: 'E0 其他出口业务', mode: 'export', tradeModes: [], rows: 'other' },
  { value: 'I0', label: 'I0 其他进口业务', mode: 'import', tradeModes: [], rows: 'other' },
];

export const applyTypeOf = (value: string): ApplyType | undefined => applyTypes.find((a) => a.value === value);

/** Applicant type (§3, §9): 1 cargo owner, 2 freight forwarder. */
export const companyTypes = [
  { value: '1', label: '货主' },
  { value: '2', label: '货代' },
] as const;

export interface ResultColumn { field: string; label: string; kind?: 'number' }

const appTime = { field: 'appTime', label: '申报时间' };
const takeTime = { field: 'takeTime', label: '提货时间' };
const billNo = { field: 'billNo', label: '提运单号' };
const grossWeight = { field: 'grossWeight', label: '毛重（千克）', kind: 'number' } as const;
const declNo = { field: 'declNo', label: '清单编号' };
const voyNo = { field: 'voyNo', label: '航班航次号' };
const notes = { field: 'notes', label: '备注' };

/** The verification result columns of each shape, in the spec's order (§3). Labels ours. */
export const resultColumns: Record<ResultShape, readonly ResultColumn[]> = {
  parcel: [appTime, takeTime, billNo, { field: 'subclNum', label: '分运单数', kind: 'number' }, grossWeight],
  bonded: [appTime, takeTime, voyNo, declNo, grossWeight],
  road: [appTime, takeTime, billNo, voyNo, { field: 'roadNo', label: '路单号' }, grossWeight, notes],
  other: [appTime, takeTime, billNo, declNo, grossWeight, notes],
};

export const columnsOf = (applyType: string): readonly ResultColumn[] => resultColumns[applyTypeOf(applyType)?.rows ?? 'other'];

export const REWARD_STATES = ['wait_audit', 'audit', 'approved'] as const;
export type RewardState = (typeof REWARD_STATES)[number];
export const rewardStateNames: Record<RewardState, string> = { wait_audit: '待核验', audit: '核验中', approved: '核验完成' };

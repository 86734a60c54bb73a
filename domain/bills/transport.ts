/**
 * How the goods travel, as the bills name it (bills §3 common header: billNo 37, voyageNo 32,
 * trafName 100; the logistics bills' vehicle and package numbers): written once so every bill asks
 * them alike. The transport mode is fields.ts's trafMode.
 */
import type { FieldDef } from './types.ts';

/** 提运单号, the master bill (indexed). */
export const billNo: FieldDef = { name: 'billNo', label: '提运单号', kind: 'text', maxLength: 37, column: 'bill_no' };
export const trafName: FieldDef = { name: 'trafName', label: '运输工具名称', kind: 'text', maxLength: 100 };
/** 运输工具编号 of the import messages (CEB621, CEB711). */
export const trafNo: FieldDef = { name: 'trafNo', label: '运输工具编号', kind: 'text', maxLength: 100 };
export const voyageNo: FieldDef = { name: 'voyageNo', label: '航班航次号', kind: 'text', maxLength: 32 };
/** 境内运输工具编号: the vehicle taking the parcels to the supervised site (the spec's 37). */
export const domesticTrafNo: FieldDef = { name: 'domesticTrafNo', label: '境内运输工具编号', kind: 'text', maxLength: 37 };
/** 总包号 (37; the 清单总分单's lines take 60). */
export const totalPackageNo: FieldDef = { name: 'totalPackageNo', label: '总包号', kind: 'text', maxLength: 37 };
/** 物流运单编号 of a parcel line (运抵单, 离境单, 清单总分单): the XSDs' 32, required. */
export const parcelLogisticsNo: FieldDef = { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 32, required: true };

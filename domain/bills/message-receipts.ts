/**
 * The receipts answering a bill's customs message: `message.receipt` and, for messages answered in
 * several layouts (报关单: the import response beside DEC_DATA), `message.answers`. Pure.
 */
import type { BillDefinition, CustomsMessageDef, MessageReceiptDef } from './types.ts';

export function messageReceiptsOf(message: CustomsMessageDef | undefined): readonly MessageReceiptDef[] {
  return message ? [message.receipt, ...(message.answers ?? [])] : [];
}

/** The receipt of that type answering the definition's message, if one does. */
export function messageReceiptOf(def: BillDefinition, receiptType: string): MessageReceiptDef | undefined {
  return messageReceiptsOf(def.message).find((r) => r.type === receiptType);
}

/** Every receipt described by its definition rather than the CEB catalogue (`format`), once per type. */
export function formatReceiptsOf(defs: readonly BillDefinition[]): { receipt: MessageReceiptDef & { format: NonNullable<MessageReceiptDef['format']> }; def: BillDefinition }[] {
  const seen = new Set<string>();
  const out: { receipt: MessageReceiptDef & { format: NonNullable<MessageReceiptDef['format']> }; def: BillDefinition }[] = [];
  for (const def of defs) {
    for (const receipt of messageReceiptsOf(def.message)) {
      if (!receipt.format || seen.has(receipt.type)) continue;
      seen.add(receipt.type);
      out.push({ receipt: receipt as MessageReceiptDef & { format: NonNullable<MessageReceiptDef['format']> }, def });
    }
  }
  return out;
}

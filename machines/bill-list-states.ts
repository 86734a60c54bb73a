/**
 * Pieces of the bill-list machine (./bill-list.ts) kept apart so it stays readable: the actor
 * placeholders, the error text of a failed call, and the two export states.
 */
import { billText } from '../domain/texts/bills.ts';
import { exportRequest } from './bill-list-requests.ts';
import type { BillListContext } from './bill-list-types.ts';

export const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`bill-list: ${name} actor not provided`);
};

export function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && typeof (error as Error).message === 'string') return (error as Error).message;
  return String(error);
}

/** exportingAll / exportingSelected: one export call; what it exports and where it returns differ. */
export const exporting = (selectedOnly: boolean, back: string) => ({
  tags: ['exporting', 'busy'] as const,
  invoke: {
    id: 'export', src: 'export' as const,
    input: ({ context }: { context: BillListContext }) => exportRequest(context, selectedOnly),
    onDone: { target: back, actions: { type: 'openDownload' as const, params: ({ event }: { event: { output: { downloadUri: string } } }) => ({ uri: event.output.downloadUri }) } },
    onError: { target: back, actions: { type: 'notifyError' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, message: billText.exportFailed }) } },
  },
});

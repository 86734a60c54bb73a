/** The 回执 button of a row: a plain <button> styled as a link (no Mantine component per row). */
import { billListText } from '../../../../../domain/texts/bills.ts';

const style = { border: 0, background: 'none', padding: 0, color: 'var(--mantine-color-anchor)', cursor: 'pointer', font: 'inherit' } as const;

export function ReceiptCell({ title, onOpen }: { title: string; onOpen: () => void }) {
  return (
    <button type="button" style={style} aria-label={billListText.receiptOf(title)} onClick={onOpen}>
      {billListText.receipt}
    </button>
  );
}

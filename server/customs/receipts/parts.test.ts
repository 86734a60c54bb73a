import { describe, expect, it } from 'vitest';
import { wholeBillAnswer, type PartAnswer } from './parts.ts';

const a = (seq: number, returnStatus: string, returnTime: string): PartAnswer => ({ seq, returnStatus, returnTime, returnInfo: `${seq}:${returnStatus}` });

describe('wholeBillAnswer (split bills)', () => {
  it('waits until every part has answered, then shows the least advanced part', () => {
    expect(wholeBillAnswer([a(1, '120', '20261121100000000')], 2)).toBeUndefined();
    expect(wholeBillAnswer([a(1, '800', '20261121100000000'), a(2, '120', '20261121090000000')], 2)).toMatchObject({ seq: 2, returnStatus: '120' });
    expect(wholeBillAnswer([a(1, '800', '2'), a(2, '120', '1'), a(2, '800', '3')], 2)).toMatchObject({ returnStatus: '800', returnTime: '3' });
  });

  it('a refused part refuses the bill, whatever the others say later', () => {
    expect(wholeBillAnswer([a(2, '100', '2')], 3)).toMatchObject({ seq: 2, returnStatus: '100' });
    expect(wholeBillAnswer([a(2, '100', '2'), a(1, '800', '5'), a(3, '800', '6')], 3)).toMatchObject({ returnStatus: '100' });
    expect(wholeBillAnswer([a(1, '-301002', '4'), a(2, '120', '5')], 2)).toMatchObject({ returnStatus: '-301002' });
    // a part answered again after its refusal (re-sent) counts with its newest answer
    expect(wholeBillAnswer([a(1, '100', '1'), a(1, '120', '3'), a(2, '120', '2')], 2)).toMatchObject({ returnStatus: '120', returnTime: '3' });
  });

  it('a bill that went out as one message is its one answer', () => {
    expect(wholeBillAnswer([a(1, '2', '1'), a(1, '120', '2')], 1)).toMatchObject({ returnStatus: '120' });
  });
});

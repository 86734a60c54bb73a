import { describe, expect, it } from 'vitest';
import { sharedNumbers, siblingKeys } from './split-parts.ts';

const KEY = ['agentCode', 'copNo', 'msgSeqNo'] as const;

describe('the parts of a split declaration', () => {
  it('are the same key with every sequence number', () => {
    expect(siblingKeys(KEY, { agentCode: 'A1', copNo: 'SUM01', msgSeqNo: '2', msgCount: '3' }))
      .toEqual(['A1|SUM01|1', 'A1|SUM01|2', 'A1|SUM01|3']);
  });

  it('are none for a whole message, a type not numbered in parts, or a count that is no number', () => {
    expect(siblingKeys(KEY, { agentCode: 'A1', copNo: 'SUM01', msgSeqNo: '1', msgCount: '1' })).toEqual([]);
    expect(siblingKeys(['agentCode', 'copNo'], { agentCode: 'A1', copNo: 'SUM01', msgCount: '3' })).toEqual([]);
    expect(siblingKeys(KEY, { agentCode: 'A1', copNo: 'SUM01', msgSeqNo: '1', msgCount: 'x' })).toEqual([]);
    expect(siblingKeys(KEY, { agentCode: 'A1', copNo: '', msgSeqNo: '1', msgCount: '2' })).toEqual([]);
  });

  it('share the numbers one part already holds, and new numbers take the first part\'s serial', () => {
    expect(sharedNumbers([{ id: 9, numbers: {} }, { id: 7, numbers: { preNo: 'P7' } }, { id: 8, numbers: { preNo: 'P8', sumNo: 'S8' } }], 9))
      .toEqual({ held: { preNo: 'P7', sumNo: 'S8' }, serial: 7 });
    expect(sharedNumbers([{ id: 4, numbers: {} }], 4)).toEqual({ held: {}, serial: 4 });
  });
});

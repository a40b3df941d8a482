import { describe, expect, it } from 'vitest';
import { formatKwacha } from '../../../shared/money';
import { returnSteps, shopperNextStep } from './return-words';
import type { ReturnView } from './types';

const asked: ReturnView = {
  id: 'r1',
  number: 'R7',
  orderId: 'b723b8bb-f9e6-44b1-a802-06910ba91755',
  state: 'requested',
  outcome: 'refund',
  reason: 'damaged',
  reasonLabel: 'Damaged',
  note: null,
  photoUrl: null,
  unopened: false,
  lines: [],
  exchange: [],
  amountNgwee: 13_920,
  refund: null,
  replacementOrderId: null,
  differenceNgwee: null,
  where: { kind: 'courier', text: 'Our courier collects it from 12 Forest Road, Choma.' },
  refusalReason: null,
  timeline: [{ state: 'requested', at: '2026-12-07T14:38:00.000Z', byName: 'Chipo' }],
  createdAt: '2026-12-07T14:38:00.000Z',
};

describe('a return in the shopper’s words', () => {
  it('lays out the four steps of a refund, only the reached ones with their day', () => {
    expect(returnSteps(asked)).toEqual([
      { state: 'requested', label: 'Requested', at: '2026-12-07T14:38:00.000Z' },
      { state: 'accepted', label: 'Accepted', at: null },
      { state: 'received', label: 'Received', at: null },
      { state: 'refunded', label: 'Refunded', at: null },
    ]);
  });

  it('ends an exchange on Exchanged, and a refused one right after Requested', () => {
    expect(returnSteps({ ...asked, outcome: 'exchange' }).map((s) => s.state)).toEqual([
      'requested',
      'accepted',
      'received',
      'exchanged',
    ]);
    const refused = {
      ...asked,
      state: 'refused' as const,
      timeline: [...asked.timeline, { state: 'refused' as const, at: '2026-12-08T09:00:00.000Z', byName: 'Admin' }],
    };
    expect(returnSteps(refused)).toEqual([
      { state: 'requested', label: 'Requested', at: '2026-12-07T14:38:00.000Z' },
      { state: 'refused', label: 'Refused', at: '2026-12-08T09:00:00.000Z' },
    ]);
  });

  it('says what happens next, with the refund that went back and the reason of a refusal', () => {
    expect(shopperNextStep(asked)).toBe('We will look at your request soon and send you a text.');
    expect(shopperNextStep({ ...asked, state: 'accepted' })).toBe('Accepted. Please bring the items back.');
    expect(
      shopperNextStep({ ...asked, state: 'refunded', refund: { id: 'f1', state: 'succeeded', amountNgwee: 13_900 } }),
    ).toBe(`${formatKwacha(139)} sent back to your wallet.`);
    expect(shopperNextStep({ ...asked, state: 'refused', refusalReason: 'Opened food cannot come back' })).toBe(
      'Refused: Opened food cannot come back',
    );
  });
});

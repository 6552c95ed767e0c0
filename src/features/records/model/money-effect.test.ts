import { describe, expect, it } from 'vitest';
import { moneyEffect, recordSign } from './money-effect';

describe('moneyEffect', () => {
  it('money coming in but not credited yet is pending', () => {
    expect(moneyEffect({ status: 'confirming', direction: 'in' })).toBe('pending');
    expect(moneyEffect({ status: 'pending_review', direction: 'in' })).toBe('pending');
    expect(moneyEffect({ status: 'review_approved', direction: 'in' })).toBe('pending');
  });

  it('failed or rejected records moved nothing, in either direction', () => {
    expect(moneyEffect({ status: 'failed', direction: 'out' })).toBe('none');
    expect(moneyEffect({ status: 'failed', direction: 'in' })).toBe('none');
    expect(moneyEffect({ status: 'review_rejected', direction: 'in' })).toBe('none');
  });

  it('a refund is money that came in: moved', () => {
    expect(moneyEffect({ status: 'success', direction: 'in', refundRecordId: null })).toBe('moved');
  });

  it('a failed withdrawal refunded by a record of its own moved its money out (the refund brought it back)', () => {
    expect(moneyEffect({ status: 'failed', direction: 'out', refundRecordId: '42' })).toBe('moved');
    // Without one (older records, an older cache) it still moved nothing.
    expect(moneyEffect({ status: 'failed', direction: 'out', refundRecordId: null })).toBe('none');
    expect(moneyEffect({ status: 'failed', direction: 'out' })).toBe('none');
  });

  it('settled records and outgoing money in flight moved the balance', () => {
    expect(moneyEffect({ status: 'success', direction: 'in' })).toBe('moved');
    expect(moneyEffect({ status: 'withdrawing', direction: 'out' })).toBe('moved');
    expect(moneyEffect({ status: 'pending_review', direction: 'out' })).toBe('moved');
  });
});

describe('recordSign', () => {
  it('gives no "+" to money not credited yet', () => {
    expect(recordSign({ status: 'pending_review', direction: 'in' })).toBeUndefined();
    expect(recordSign({ status: 'confirming', direction: 'in' })).toBeUndefined();
  });

  it('signs what moved, and what failed by its direction', () => {
    expect(recordSign({ status: 'success', direction: 'in' })).toBe('+');
    expect(recordSign({ status: 'withdrawing', direction: 'out' })).toBe('−');
    expect(recordSign({ status: 'failed', direction: 'out' })).toBe('−');
  });

  it('a refund and the failed withdrawal it refunds are a "+" and a "−" that cancel out', () => {
    expect(recordSign({ status: 'success', direction: 'in', refundRecordId: null })).toBe('+');
    expect(recordSign({ status: 'failed', direction: 'out', refundRecordId: '42' })).toBe('−');
  });
});

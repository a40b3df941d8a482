import { describe, expect, it } from 'vitest';
import { lockedFields, type DraftMakeUp, type SavedMakeUp } from './locked-fields';

const plainSaved: SavedMakeUp = {
  hasOptions: false,
  isSet: false,
  price: 85,
  countInStock: 12,
  sku: 'OIL-1',
  size: '100 ml',
};
const withOptions: SavedMakeUp = { ...plainSaved, hasOptions: true, price: 85, countInStock: 30, sku: 'OIL-100' };
const aSet: SavedMakeUp = { ...plainSaved, isSet: true, countInStock: 4 };

const draft = (extra: Partial<DraftMakeUp> = {}): DraftMakeUp => ({
  hasOptions: false,
  isSet: false,
  defaultPrice: '85',
  defaultSku: 'OIL-1',
  defaultSize: '100 ml',
  stockSum: 0,
  ...extra,
});

describe('lockedFields', () => {
  it('locks nothing for a plain product that stays plain', () => {
    expect(lockedFields(plainSaved, draft())).toEqual({ shown: {}, sent: {} });
    expect(lockedFields(null, draft())).toEqual({ shown: {}, sent: {} });
  });

  it("shows the default variant's figures and the sum, and sends back what the server holds", () => {
    const locked = lockedFields(
      withOptions,
      draft({ hasOptions: true, defaultPrice: '90', defaultSku: 'OIL-100', defaultSize: '100 ml', stockSum: 33 }),
    );
    expect(locked.shown).toEqual({ price: '90', countInStock: '33', sku: 'OIL-100', size: '100 ml' });
    // The server refuses a changed stock on the product's own save; the variants' save that follows sets it.
    expect(locked.sent).toEqual({ price: '85', countInStock: '30', sku: 'OIL-100', size: '100 ml' });
  });

  it('unlocks the fields of a product being made plain, and still sends the stock the server holds', () => {
    const locked = lockedFields(withOptions, draft());
    expect(locked.shown).toEqual({});
    expect(locked.sent.countInStock).toBe('30');
  });

  it("sends the sizes' figures for a product gaining them, and keeps its own SKU when the default has none", () => {
    const gaining = draft({ hasOptions: true, defaultPrice: '95', defaultSku: '', defaultSize: '', stockSum: 7 });
    expect(lockedFields(plainSaved, gaining).sent).toEqual({ price: '95', countInStock: '7', size: '' });
    expect(lockedFields(null, gaining).sent).toEqual({ price: '95', countInStock: '7', size: '' });
  });

  it("locks a gift set's stock at what the server says its parts allow", () => {
    expect(lockedFields(aSet, draft({ isSet: true }))).toEqual({
      shown: { countInStock: '4' },
      sent: { countInStock: '4' },
    });
    // A new set: nothing to count until its parts are saved.
    expect(lockedFields(null, draft({ isSet: true }))).toEqual({
      shown: { countInStock: '0' },
      sent: { countInStock: '0' },
    });
    // A set being ended: its stock is counted in once that is saved.
    expect(lockedFields(aSet, draft())).toEqual({ shown: { countInStock: '4' }, sent: { countInStock: '4' } });
  });
});

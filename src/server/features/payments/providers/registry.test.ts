import { describe, expect, it } from 'vitest';
import { SIMULATED_PROVIDERS } from '../../../../../simulators/providers';
import { shopEnvForSimulator } from '../../../../../simulators/shop-env';
import { collectionLabel, COLLECTION_PROVIDER_IDS, methodOfCollection } from '../../../../shared/payment-methods';
import { collectedMethods, collectorOf, PROVIDERS, readPaymentProviderSettings } from './registry';

/** The three lists a provider joins (docs/decisions/047-a-fifth-provider.md) agree, and what is derived from the shared one. */
describe('the provider lists', () => {
  it('name the same providers in the shared list, the server registry and the simulator', () => {
    expect(PROVIDERS.map((entry) => entry.id)).toEqual(COLLECTION_PROVIDER_IDS);
    expect(SIMULATED_PROVIDERS.map((provider) => provider.id)).toEqual(COLLECTION_PROVIDER_IDS);
  });

  it('read each provider its own settings, and the simulator gives every provider some', () => {
    const read = readPaymentProviderSettings(shopEnvForSimulator('http://127.0.0.1:4010', undefined));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(Object.keys(read.settings).sort()).toEqual([...COLLECTION_PROVIDER_IDS].sort());
    // Lenco serves several methods (an aggregator): its settings' list wins over a network's own API.
    expect(PROVIDERS.filter((entry) => entry.aggregator).map((entry) => entry.id)).toEqual(['lenco']);
    expect(collectedMethods(read.settings)).toEqual(['airtel', 'mtn', 'zamtel', 'creditCard']);
    expect(collectorOf('zamtel', read.settings)?.id).toBe('lenco');
    expect(collectorOf('mtn', read.settings)?.id).toBe('mtn');
  });

  it('derive the method of a collection and its label from what the provider serves', () => {
    expect(methodOfCollection('mtn', '+260961234567')).toBe('mtn');
    expect(methodOfCollection('lenco', '+260951234567')).toBe('zamtel');
    expect(methodOfCollection('lenco', '+260961234567')).toBe('mtn');
    expect(methodOfCollection('lenco', '')).toBe('creditCard');
    expect(collectionLabel('mtn', 'mtn')).toBe('MTN Mobile Money');
    expect(collectionLabel('lenco', 'zamtel')).toBe('Zamtel Kwacha through Lenco');
    expect(collectionLabel('lenco', 'creditCard')).toBe('Credit / Debit Card through Lenco');
    expect(collectionLabel('lenco', 'mtn')).toBe('MTN Mobile Money through Lenco');
  });
});

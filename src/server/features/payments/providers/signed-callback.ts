/**
 * What payments' routes give a provider's own callback plugin (a signed callback, registry.ts): the read
 * a callback that passed the provider's signature check asks for. The plugin checks the signature; the
 * read decides (service.ts settleByCallback).
 */
export interface SignedCallbackOptions {
  hint(body: unknown): Promise<void>;
}

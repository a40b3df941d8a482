import { ProviderError, type ProviderName } from './collection-provider';

export interface ProviderAnswer {
  status: number;
  body: unknown;
}

/**
 * One HTTP call to a provider with a deadline. Network trouble and timeouts become a retryable
 * ProviderError; the answer (any status) is returned for the client to judge. `step` names the call in
 * messages ("MTN MoMo request-to-pay"); headers and bodies never go into a message.
 */
export async function callProvider(
  provider: ProviderName,
  step: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ProviderError(provider, 'timeout', `${step}: no answer within ${timeoutMs} ms`);
    }
    throw new ProviderError(provider, 'unreachable', `${step}: could not reach the provider (${causeCode(error)})`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ProviderError(provider, 'timeout', `${step}: the answer stopped before its end`, response.status);
  }
  return { status: response.status, body: parseJson(text) };
}

/** The ProviderError for an answer a client did not expect; 5xx and 429 are worth another try. */
export function unexpectedAnswer(provider: ProviderName, step: string, answer: ProviderAnswer): ProviderError {
  const { status } = answer;
  if (status >= 500 || status === 429)
    return new ProviderError(provider, 'provider-error', `${step}: the provider answered ${status}`, status);
  if (status === 401 || status === 403) {
    return new ProviderError(
      provider,
      'credentials',
      `${step}: the provider refused our credentials (${status}); check the settings`,
      status,
    );
  }
  return new ProviderError(
    provider,
    'refused',
    `${step}: the provider answered ${status}${describe(answer.body)}`,
    status,
  );
}

/** A short, secret-free description of a provider's error body: its code and message fields only. */
export function describe(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const b = body as Record<string, unknown>;
  const status = (b.status && typeof b.status === 'object' ? b.status : {}) as Record<string, unknown>;
  const parts = [b.code, b.message, b.error, status.response_code, status.message].filter(
    (p) => typeof p === 'string' && p.length > 0,
  );
  return parts.length ? ` (${parts.map((p) => String(p).slice(0, 120)).join(': ')})` : '';
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function causeCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : 'network error';
}

interface HeldToken {
  value: string;
  renewAt: number;
}

/**
 * A provider's access token, fetched once and reused until shortly before it expires (a fifth of its
 * lifetime, at most a minute, early), so a slow call never starts with a token about to lapse.
 * Concurrent callers share one fetch.
 */
export class TokenCache {
  private held: HeldToken | null = null;
  private fetching: Promise<string> | null = null;

  constructor(
    private readonly fetchToken: () => Promise<{ value: string; lifetimeSeconds: number }>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<string> {
    if (this.held && this.now() < this.held.renewAt) return this.held.value;
    this.fetching ??= this.fetchToken()
      .then(({ value, lifetimeSeconds }) => {
        const lifetimeMs = lifetimeSeconds * 1000;
        this.held = { value, renewAt: this.now() + lifetimeMs - Math.min(60_000, lifetimeMs / 5) };
        return value;
      })
      .finally(() => {
        this.fetching = null;
      });
    return this.fetching;
  }

  /** The provider refused the token before its time (revoked, clock skew): the next call fetches anew. */
  forget(value: string): void {
    if (this.held?.value === value) this.held = null;
  }

  /** A 401 on a cached token (revoked, expired early) costs one fresh token and one more try. */
  async withToken(call: (token: string) => Promise<ProviderAnswer>): Promise<ProviderAnswer> {
    const token = await this.get();
    const answer = await call(token);
    if (answer.status !== 401) return answer;
    this.forget(token);
    return call(await this.get());
  }
}

/** The token in a 200 token answer, {access_token, expires_in}; Airtel's documentation gives expires_in as a string ("180"). */
export function tokenOf(
  provider: ProviderName,
  step: string,
  answer: ProviderAnswer,
): { value: string; lifetimeSeconds: number } {
  if (answer.status !== 200) throw unexpectedAnswer(provider, step, answer);
  const { access_token: value, expires_in: expiresIn } = (answer.body ?? {}) as {
    access_token?: unknown;
    expires_in?: unknown;
  };
  const lifetimeSeconds = Number(expiresIn);
  if (typeof value !== 'string' || !value || !(lifetimeSeconds > 0))
    throw new ProviderError(provider, 'bad-answer', `${step}: no access_token in the answer`);
  return { value, lifetimeSeconds };
}

/**
 * Calls to one provider API that carry a cached bearer token: each provider's session says how its token
 * is fetched and which headers go with every call (mtn-session.ts, airtel-session.ts).
 */
export abstract class TokenSession {
  private readonly tokens = new TokenCache(() => this.fetchToken());

  constructor(
    private readonly provider: ProviderName,
    private readonly apiUrl: string,
    private readonly timeoutMs: number,
  ) {}

  /** One call to the API's `path`; `headers` come on top of the session's own. */
  call(
    step: string,
    path: string,
    init: { method: string; headers?: Record<string, string>; body?: string },
  ): Promise<ProviderAnswer> {
    return this.tokens.withToken((token) =>
      callProvider(
        this.provider,
        step,
        `${this.apiUrl}${path}`,
        { ...init, headers: { ...this.headers(token), ...init.headers } },
        this.timeoutMs,
      ),
    );
  }

  protected abstract headers(token: string): Record<string, string>;

  protected abstract fetchToken(): Promise<{ value: string; lifetimeSeconds: number }>;
}

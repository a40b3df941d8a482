import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatusUpdate } from '../../shared/schemas/orders';
import { ApiError, apiRequest, buildQueryString, setTokenSource } from './api-client';

function answer(status: number, body: unknown, contentType = 'application/json', statusText = '') {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': contentType },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenSource(() => null);
});

describe('apiRequest: the error rules of SPEC §8 in one place', () => {
  it('sends JSON with the bearer token when there is one', async () => {
    const fetchMock = vi.fn(async () => answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    setTokenSource(() => 'tok');
    await expect(
      apiRequest<unknown, OrderStatusUpdate>('/orders', { method: 'POST', body: { status: 'Shipped' } }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/orders');
    expect(init.headers).toMatchObject({ authorization: 'Bearer tok', 'content-type': 'application/json' });
    expect(init.body).toBe('{"status":"Shipped"}');
  });

  it('sends a public read without the token, so the service worker may keep its answer', async () => {
    const fetchMock = vi.fn(async () => answer(200, []));
    vi.stubGlobal('fetch', fetchMock);
    setTokenSource(() => 'tok');
    await apiRequest('/products/featured', { publicRead: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('authorization');
    expect(init.headers).toMatchObject({ accept: 'application/json' });
  });

  it("uses the server's message, else 'Error: {status} {statusText}'", async () => {
    vi.stubGlobal('fetch', async () => answer(409, { message: 'Only 2 left of Mungongo Oil' }));
    await expect(apiRequest('/orders')).rejects.toThrow('Only 2 left of Mungongo Oil');
    vi.stubGlobal('fetch', async () => answer(500, {}, 'application/json', 'Internal Server Error'));
    await expect(apiRequest('/x')).rejects.toThrow('Error: 500 Internal Server Error');
  });

  it('words 401 by whether a token was sent, except where the server message matters (login)', async () => {
    vi.stubGlobal('fetch', async () => answer(401, { message: 'jwt expired' }));
    await expect(apiRequest('/orders')).rejects.toThrow('Authentication required. Please log in.');
    setTokenSource(() => 'old');
    await expect(apiRequest('/orders')).rejects.toThrow('Authentication failed. Please log in again.');
    vi.stubGlobal('fetch', async () => answer(401, { message: 'Invalid email or password' }));
    await expect(apiRequest('/users/login', { keepServerMessageOn401: true })).rejects.toThrow(
      'Invalid email or password',
    );
  });

  it('reports a non-JSON answer with its status and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async () => answer(502, '<h1>Bad Gateway</h1>', 'text/html', 'Bad Gateway'));
    const error = await apiRequest('/products').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Server responded with non-JSON content: 502 Bad Gateway');
    expect((error as ApiError).kind).toBe('non-json');
    expect(log).toHaveBeenCalledWith('Server responded with non-JSON content: 502 Bad Gateway');
    log.mockRestore();
  });

  it("turns a dropped connection into 'API request failed'", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/products')).rejects.toMatchObject({ message: 'API request failed', kind: 'network' });
  });
});

describe('buildQueryString (SPEC §7: parameters added only when truthy)', () => {
  it('skips empty, zero and undefined values', () => {
    expect(buildQueryString({ keyword: '', category: undefined, page: 1, minPrice: 0, maxPrice: null })).toBe(
      '?page=1',
    );
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString({ keyword: 'a&b' })).toBe('?keyword=a%26b');
  });
});

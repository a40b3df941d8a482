/**
 * The one place that talks to the API and turns failures into the messages of SPEC §8.
 * Toasts are shown by the query client (lib/query-client.ts) so that screens can opt out.
 */
import type { CancelRefundInput, RequestRefundInput } from '../../shared/schemas/refunds';
import type { BulkEmailInput, ContactMessageInput } from '../../shared/schemas/mail';
import type { OrderStatusUpdate, PayOrderInput, PlaceOrderInput } from '../../shared/schemas/orders';
import type { StartPaymentInput } from '../../shared/schemas/payments';
import type { ProductInput, ReviewInput, SetPartsInput, VariantsInput } from '../../shared/schemas/products';
import type { ProductImportInput } from '../../shared/schemas/product-import';
import type { ShopSettingsUpdate } from '../../shared/schemas/settings';
import type { MobileChangeInput, PhoneCodeRequest, PhoneVerifyInput } from '../../shared/schemas/phone-sign-in';
import type { AdminUserUpdate, LoginInput, ProfileUpdate, RegisterInput } from '../../shared/schemas/users';
import type { DiscountCheckInput, DiscountInput } from '../../shared/schemas/discounts';
import type { UssdTranslationsUpdate } from '../../shared/schemas/ussd';
import type {
  AskWalletChangeInput,
  CreateMemberInput,
  ProductMakersInput,
  UpdateMemberInput,
} from '../../shared/schemas/members';
import type { PayoutNoteInput, ProposeRunInput } from '../../shared/schemas/payouts';
import type { z } from 'zod';
import type {
  acceptReturnSchema,
  AskReturnInput,
  receiveReturnSchema,
  refuseReturnSchema,
} from '../../shared/schemas/returns';

export type ApiErrorKind = 'http' | 'non-json' | 'network';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly kind: ApiErrorKind,
    /** The JSON answer of a failed call, for screens that use its extra fields (a 409's product, prices). */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const API_FALLBACK_MESSAGE = 'API request failed';

type QueryValue = string | number | boolean | null | undefined;

/**
 * Every JSON body the API reads: each the input type of the zod schema the server validates it with.
 * A call that sends one names it (`apiRequest<Order, PlaceOrderInput>`), so a field renamed in a shared
 * schema fails the web's build at every call that sends it.
 */
export type RequestBody =
  | LoginInput
  | RegisterInput
  | PhoneCodeRequest
  | PhoneVerifyInput
  | MobileChangeInput
  | ProfileUpdate
  | AdminUserUpdate
  | ProductInput
  | VariantsInput
  | SetPartsInput
  | ReviewInput
  | PlaceOrderInput
  | PayOrderInput
  | StartPaymentInput
  | OrderStatusUpdate
  | ShopSettingsUpdate
  | BulkEmailInput
  | ContactMessageInput
  | ProductImportInput
  | RequestRefundInput
  | CancelRefundInput
  | DiscountInput
  | DiscountCheckInput
  | UssdTranslationsUpdate
  | CreateMemberInput
  | UpdateMemberInput
  | AskWalletChangeInput
  | ProductMakersInput
  | ProposeRunInput
  | PayoutNoteInput
  | AskReturnInput
  | z.input<typeof acceptReturnSchema>
  | z.input<typeof refuseReturnSchema>
  | z.input<typeof receiveReturnSchema>;

export interface ApiRequest<TBody extends RequestBody = never> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Only with its type named at the call: without one the body's type is `never`. */
  body?: TBody;
  /** Added to the address only when truthy (SPEC §7). */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Login and registration answer 401 for wrong credentials: keep the server's own message there. */
  keepServerMessageOn401?: boolean;
  /** Extra request headers (the Idempotency-Key of a checkout). */
  headers?: Record<string, string>;
  /** Let the request outlive the page (sent while the tab closes); its answer may then never be read. */
  keepalive?: boolean;
  /**
   * The same answer for everyone (the catalogue, the shop's identity): sent without the session's token,
   * so the service worker may keep a copy for offline browsing (it never keeps a request with a token).
   */
  publicRead?: boolean;
}

let readToken: () => string | null | undefined = () => null;

/** The session provider tells the client where the bearer token lives. */
export function setTokenSource(source: () => string | null | undefined) {
  readToken = source;
}

/** The bearer token of the current session, for calls made outside apiRequest (uploads with progress). */
export function currentToken(): string | null {
  return readToken() || null;
}

export function buildQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * `TBody` is never inferred from the body given: an object literal would always fit itself. A call that
 * sends a body names its endpoint's type from the shared schemas.
 */
export async function apiRequest<T, TBody extends RequestBody = never>(
  path: string,
  request: ApiRequest<NoInfer<TBody>> = {},
): Promise<T> {
  const token = readToken();
  const headers: Record<string, string> = { ...request.headers, accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (token && !request.publicRead) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api${path}${buildQueryString(request.query)}`, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      keepalive: request.keepalive,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError(API_FALLBACK_MESSAGE, 0, 'network');
  }

  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  if (!isJson) {
    if (response.ok && (response.status === 204 || response.headers.get('content-length') === '0'))
      return undefined as T;
    const message = `Server responded with non-JSON content: ${response.status} ${response.statusText}`;
    console.error(message);
    throw new ApiError(message, response.status, 'non-json');
  }

  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(
      errorMessage(response, data, Boolean(token), request.keepServerMessageOn401),
      response.status,
      'http',
      data,
    );
  }
  return data as T;
}

/** SPEC §8's message for a failed answer; also used by the upload with progress (XMLHttpRequest). */
export function errorMessage(
  response: Pick<Response, 'status' | 'statusText'>,
  data: unknown,
  sentToken: boolean,
  keepServerMessage = false,
): string {
  const serverMessage =
    data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
      ? (data as { message: string }).message
      : '';
  if (response.status === 401 && !keepServerMessage) {
    return sentToken ? 'Authentication failed. Please log in again.' : 'Authentication required. Please log in.';
  }
  return serverMessage || `Error: ${response.status} ${response.statusText}`;
}

/** The message to show for any thrown value: ours, or the general fallback. */
export function messageOf(error: unknown, fallback = API_FALLBACK_MESSAGE): string {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

import type { App } from '../app';
import { callbackOperations } from '../features/payments';

/** Who may call an operation: anyone, any signed-in user (owner rules come after), or an admin only. */
export type Access = 'anyone' | 'signed-in' | 'admin';

/**
 * Every operation of the OpenAPI document with who may call it. Tests that walk the document assert
 * it lists exactly these, so a new route fails them until it is classified here.
 */
export const API_OPERATIONS: Record<string, Access> = {
  'GET /api/health': 'anyone',
  'POST /api/users/login': 'anyone',
  'POST /api/users': 'anyone',
  'GET /api/users': 'admin',
  'GET /api/users/profile': 'signed-in',
  'PUT /api/users/profile': 'signed-in',
  'POST /api/users/phone/code': 'anyone',
  'POST /api/users/phone/verify': 'anyone',
  'POST /api/users/profile/mobile/code': 'signed-in',
  'PUT /api/users/profile/mobile': 'signed-in',
  'DELETE /api/users/profile/mobile': 'signed-in',
  'GET /api/users/stats': 'admin',
  'GET /api/users/{id}': 'admin',
  'PUT /api/users/{id}': 'admin',
  'DELETE /api/users/{id}': 'admin',
  'GET /api/products': 'anyone',
  'POST /api/products': 'admin',
  'GET /api/products/featured': 'anyone',
  'GET /api/products/{id}': 'anyone',
  'PUT /api/products/{id}': 'admin',
  'DELETE /api/products/{id}': 'admin',
  'GET /api/products/{id}/related': 'anyone',
  'POST /api/products/{id}/reviews': 'signed-in',
  'PUT /api/products/{id}/variants': 'admin',
  'PUT /api/products/{id}/set-parts': 'admin',
  'POST /api/products/{id}/merge': 'admin',
  'POST /api/orders': 'signed-in',
  'GET /api/orders': 'admin',
  'GET /api/orders/myorders': 'signed-in',
  'GET /api/orders/{id}': 'signed-in',
  'PUT /api/orders/{id}/pay': 'signed-in',
  'PUT /api/orders/{id}/deliver': 'admin',
  'PUT /api/orders/{id}/status': 'admin',
  'POST /api/orders/{id}/payments': 'signed-in',
  'GET /api/orders/{id}/payments': 'signed-in',
  'POST /api/orders/{id}/payments/read': 'signed-in',
  'GET /api/payments': 'admin',
  'GET /api/payments/methods': 'anyone',
  'PUT /api/payments/{id}/resolve': 'admin',
  'POST /api/payments/statements': 'admin',
  'PUT /api/payments/statements/notes': 'admin',
  'GET /api/payments/summary': 'admin',
  'GET /api/payments/summary.csv': 'admin',
  'GET /api/orders/{id}/refunds': 'admin',
  'POST /api/orders/{id}/refunds': 'admin',
  'POST /api/orders/{id}/edit/preview': 'admin',
  'POST /api/orders/{id}/edit': 'admin',
  'GET /api/orders/{id}/edits': 'admin',
  'PUT /api/refunds/{id}/approve': 'admin',
  'PUT /api/refunds/{id}/cancel': 'admin',
  'GET /api/refunds': 'admin',
  'GET /api/orders/{id}/returnable': 'signed-in',
  'POST /api/orders/{id}/returns/photo': 'signed-in',
  'POST /api/orders/{id}/returns': 'signed-in',
  'GET /api/orders/{id}/returns': 'signed-in',
  'GET /api/returns': 'admin',
  'GET /api/returns/{id}': 'admin',
  'PUT /api/returns/{id}/accept': 'admin',
  'PUT /api/returns/{id}/refuse': 'admin',
  'PUT /api/returns/{id}/receive': 'admin',
  'PUT /api/returns/{id}/refund': 'admin',
  'GET /api/members': 'admin',
  'POST /api/members': 'admin',
  'GET /api/members/{id}': 'admin',
  'GET /api/members/{id}/shares': 'admin',
  'PATCH /api/members/{id}': 'admin',
  'POST /api/members/{id}/wallet': 'admin',
  'PUT /api/members/{id}/wallet/approve': 'admin',
  'DELETE /api/members/{id}/wallet': 'admin',
  'GET /api/products/{id}/makers': 'admin',
  'PUT /api/products/{id}/makers': 'admin',
  'POST /api/payouts/runs': 'admin',
  'GET /api/payouts/runs': 'admin',
  'GET /api/payouts/runs/{id}': 'admin',
  'PUT /api/payouts/runs/{id}/approve': 'admin',
  'PUT /api/payouts/runs/{id}/cancel': 'admin',
  'GET /api/payouts': 'admin',
  'PUT /api/payouts/{id}/sent-by-hand': 'admin',
  'PUT /api/payouts/{id}/resolve': 'admin',
  'GET /api/fiscal-receipts/{signature}/qr.svg': 'anyone',
  'GET /api/fiscal/submissions': 'admin',
  'POST /api/fiscal/submissions/{id}/retry': 'admin',
  'GET /api/fiscal/item-classes': 'admin',
  'POST /api/fiscal/item-classes/refresh': 'admin',
  'GET /api/fiscal/items': 'admin',
  'PUT /api/fiscal/items/{id}/class/{itemClsCd}': 'admin',
  'GET /api/fiscal/vat-report': 'admin',
  'POST /api/ussd/{secret}': 'anyone',
  'GET /api/ussd/translations': 'admin',
  'PUT /api/ussd/translations/{language}': 'admin',
  // Every provider's callback (open or signed): anyone may post one; it is only a hint to read (payments' registry).
  ...Object.fromEntries(
    callbackOperations().map((operation) => [operation.replace(' /', ' /api/'), 'anyone' as const]),
  ),
  'POST /api/upload': 'admin',
  'POST /api/upload/multiple': 'admin',
  'DELETE /api/upload/{filename}': 'admin',
  'POST /api/email/bulk': 'admin',
  'POST /api/contact': 'anyone',
  'GET /api/dashboard': 'admin',
  'GET /api/settings': 'anyone',
  'PUT /api/settings': 'admin',
  'GET /api/delivery-options': 'anyone',
  'GET /api/delivery-options/all': 'admin',
  'POST /api/delivery-options': 'admin',
  'PUT /api/delivery-options/{id}': 'admin',
  'GET /api/backups': 'admin',
  'POST /api/backups': 'admin',
  'GET /api/backups/{id}/file': 'admin',
  'GET /api/products/low-stock': 'admin',
  'POST /api/products/import': 'admin',
  'GET /api/orders/to-ship': 'admin',
  'GET /api/order-links/{token}': 'anyone',
  'GET /api/order-links/{token}/returnable': 'anyone',
  'GET /api/order-links/{token}/returns': 'anyone',
  'POST /api/order-links/{token}/returns': 'anyone',
  'POST /api/order-links/{token}/returns/photo': 'anyone',
  'POST /api/orders/{id}/collected': 'admin',
  'GET /api/pickup/{id}': 'anyone',
  'POST /api/pickup/{id}/collect': 'anyone',
  'GET /api/reports/monthly': 'admin',
  'GET /api/reports/monthly.csv': 'admin',
  'GET /api/reports/orders.csv': 'admin',
  'GET /api/reports/customers.csv': 'admin',
  'GET /api/reports/products.csv': 'admin',
  'GET /api/reports/members': 'admin',
  'GET /api/reports/members.csv': 'admin',
  'GET /api/me/earnings': 'signed-in',
  'GET /api/audit': 'admin',
  'GET /api/discounts': 'admin',
  'POST /api/discounts': 'admin',
  'PUT /api/discounts/{id}': 'admin',
  'POST /api/discounts/check': 'signed-in',
};

/** Pages and files of the built web app: in the document only when dist/web exists (all four or none). */
export const WEB_OPERATIONS = ['GET /assets/{*}', 'GET /robots.txt', 'GET /sitemap.xml', 'GET /{*}'];

export interface DocumentedOperation {
  key: string;
  method: string;
  path: string;
  parameters: { in: string; name: string }[];
  /** Top-level property names of a JSON request body, when the operation documents one. */
  bodyProperties: string[] | null;
}

/** The operations of the served OpenAPI document (/api/docs/json). */
export async function documentedOperations(app: App): Promise<DocumentedOperation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = res.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content: Record<string, { schema?: { properties?: object } }> };
        }
      >
    >;
  };
  const operations: DocumentedOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const json = op.requestBody?.content['application/json'];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        bodyProperties: json ? Object.keys(json.schema?.properties ?? {}) : null,
      });
    }
  }
  return operations;
}

/** Fails unless the document lists exactly the classified operations (web ones all or none). */
export function unclassifiedOrMissing(operations: DocumentedOperation[]): {
  unclassified: string[];
  missing: string[];
} {
  const documented = new Set(operations.map((o) => o.key));
  const webShown = WEB_OPERATIONS.some((k) => documented.has(k));
  const expected = [...Object.keys(API_OPERATIONS), ...(webShown ? WEB_OPERATIONS : [])];
  return {
    unclassified: [...documented].filter((k) => !expected.includes(k)),
    missing: expected.filter((k) => !documented.has(k)),
  };
}

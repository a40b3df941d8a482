import type { FastifyInstance } from 'fastify';
import { DEFAULT_VSDC_BEHAVIOUR, type VsdcBehaviour, type VsdcDevices } from './vsdc-state';

const COUNTS = ['signingMs', 'latencyMs', 'failNext', 'http500Next', 'timeoutAfterSigningNext', 'hangMs'] as const;

/**
 * For tests and testers, under /_sim/vsdc: what each device signed (receipts with how many requests carried
 * each invoice number), its items and stock, requests per route, how it behaves, and a reset.
 */
export function vsdcControlRoutes(app: FastifyInstance, devices: VsdcDevices): void {
  app.get('/_sim/vsdc/receipts', async () => ({
    devices: devices.all().map((device) => ({
      tpin: device.account.tpin,
      bhfId: device.account.branchId,
      sdcId: device.sdcId,
      installed: device.installed,
      initCalls: device.initCalls,
      receipts: [...device.receipts.values()].map(({ request: _request, ...receipt }) => receipt),
    })),
    requests: Object.fromEntries(devices.requests),
  }));

  app.get<{ Querystring: { cisInvcNo?: string } }>('/_sim/vsdc/requests', async (request, reply) => {
    const wanted = request.query.cisInvcNo;
    for (const device of devices.all()) {
      const receipt = wanted ? device.receipts.get(wanted) : undefined;
      if (receipt) return { request: receipt.request };
    }
    return reply.code(404).send({ message: 'No signed invoice with that number' });
  });

  app.get('/_sim/vsdc/stock', async () => ({
    devices: devices.all().map((device) => ({
      tpin: device.account.tpin,
      items: [...device.items.values()],
      reports: [...device.stockReports.values()],
      master: Object.fromEntries(device.stockMaster),
      soldNotReported: Object.fromEntries(device.soldNotReported),
    })),
  }));

  app.post('/_sim/vsdc/behaviour', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const change: Partial<VsdcBehaviour> = {};
    for (const key of COUNTS) {
      if (body[key] === undefined) continue;
      if (!Number.isInteger(body[key]) || (body[key] as number) < 0 || (body[key] as number) > 600_000)
        return reply.code(400).send({ message: `${key} must be a whole number from 0 to 600000` });
      change[key] = body[key] as number;
    }
    if (body.down !== undefined) {
      if (typeof body.down !== 'boolean') return reply.code(400).send({ message: 'down must be true or false' });
      change.down = body.down;
    }
    for (const key of ['failCode', 'failMessage'] as const) {
      if (body[key] === undefined) continue;
      if (typeof body[key] !== 'string' || body[key].length === 0 || body[key].length > 200)
        return reply.code(400).send({ message: `${key} must be text of 1 to 200 characters` });
      change[key] = body[key];
    }
    if (change.failCode === '000') return reply.code(400).send({ message: 'failCode 000 is success, not a failure' });
    devices.behaviour = { ...devices.behaviour, ...change };
    return { behaviour: devices.behaviour };
  });

  app.delete('/_sim/vsdc/behaviour', async () => {
    devices.behaviour = { ...DEFAULT_VSDC_BEHAVIOUR, signingMs: devices.defaultSigningMs };
    return { behaviour: devices.behaviour };
  });

  app.post('/_sim/vsdc/reset', async () => {
    devices.reset();
    return { message: 'Forgot every device, receipt, item and stock report' };
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ITEM_CLASSES, STANDARD_CODES } from './codes';
import { RESULT, refused, succeeded, type VsdcAnswer } from './envelope';
import { saveItem, saveItemComposition, updateItem } from './items';
import { checkSale, selectInvoice, signSale } from './sales';
import { saveStockItems, saveStockMaster } from './stock';
import type { VsdcDevice, VsdcDevices } from './vsdc-state';

/** Where the sandbox VSDC answers on its Tomcat (decision 060: http://localhost:8080/zrasandboxvsdc). */
export const VSDC_BASE_PATH = '/zrasandboxvsdc';

type Body = Record<string, unknown>;
/** An answer, or one held back this long after the work was done (the device's answer lost on the way). */
type Answered = VsdcAnswer | { answer: VsdcAnswer; holdMs: number };
type DeviceRoute = (device: VsdcDevice, body: Body) => Answered | Promise<Answered>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * ZRA's VSDC as the shop's client uses it (decision 060): POST JSON, one envelope for every answer,
 * errors inside HTTP 200, one request at a time per device (it signs in order). A device is the demo
 * taxpayer's branch (or a test's), installed by /initializer/selectInitInfo once (902 after).
 */
export function vsdcRoutes(app: FastifyInstance, devices: VsdcDevices): void {
  /** Each device works through its requests one at a time, in the order they came. */
  const queues = new WeakMap<VsdcDevice, Promise<unknown>>();
  function inTurn<T>(device: VsdcDevice, work: () => Promise<T>): Promise<T> {
    const turn = (queues.get(device) ?? Promise.resolve()).then(work, work);
    queues.set(
      device,
      turn.catch(() => undefined),
    );
    return turn;
  }

  /** The tester's bad days first (switched off, slow, a 500, an error in a 200); true when already answered. */
  async function misbehave(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const behaviour = devices.behaviour;
    if (behaviour.down) {
      reply.hijack();
      request.raw.socket.destroy();
      return true;
    }
    if (behaviour.latencyMs > 0) await sleep(behaviour.latencyMs);
    if (behaviour.http500Next > 0) {
      behaviour.http500Next -= 1;
      await reply
        .code(500)
        .type('text/html')
        .send('<html><body><h1>HTTP Status 500 - Internal Server Error</h1></body></html>');
      return true;
    }
    if (behaviour.failNext > 0) {
      behaviour.failNext -= 1;
      await reply.send(refused(behaviour.failCode, behaviour.failMessage));
      return true;
    }
    return false;
  }

  function route(path: string, handle: DeviceRoute, options: { installed?: boolean } = {}) {
    app.post(`${VSDC_BASE_PATH}${path}`, async (request, reply) => {
      devices.count(path);
      devices.inFlight += 1;
      try {
        return await answer(request, reply);
      } finally {
        devices.inFlight -= 1;
      }
    });

    async function answer(request: FastifyRequest, reply: FastifyReply) {
      if (await misbehave(request, reply)) return reply;
      const body = (request.body ?? {}) as Body;
      const device = devices.device(body.tpin, body.bhfId);
      if (!device) return refused(RESULT.badField, 'tpin and bhfId are not those of this device');
      if ((options.installed ?? true) && !device.installed)
        return refused(RESULT.notInstalled, 'The device is not initialised: call /initializer/selectInitInfo first');
      const answered = await inTurn(device, async () => handle(device, body));
      if (!('holdMs' in answered)) return answered;
      await sleep(answered.holdMs);
      return answered.answer;
    }
  }

  route(
    '/initializer/selectInitInfo',
    (device, body) => {
      device.initCalls += 1;
      if (body.dvcSrlNo !== device.account.deviceSerial)
        return refused(RESULT.badField, 'dvcSrlNo is not the serial number ZRA approved for this branch');
      // Installed once: the next call says so and carries no data (decision 060).
      if (device.installed) return refused(RESULT.alreadyInstalled, 'The device is already installed');
      device.installed = true;
      return succeeded({
        info: {
          tin: device.account.tpin,
          taxprNm: 'FOREST CO-OP (SIMULATED)',
          bhfId: device.account.branchId,
          bhfNm: 'Headquarter',
          sdcId: device.sdcId,
          mrcNo: device.mrcNo,
        },
      });
    },
    { installed: false },
  );
  route('/code/selectCodes', () => succeeded({ clsList: STANDARD_CODES }));
  route('/itemClass/selectItemsClass', () => succeeded({ itemClsList: ITEM_CLASSES }));
  route('/items/saveItem', saveItem);
  route('/items/updateItem', updateItem);
  route('/items/saveItemComposition', saveItemComposition);
  route('/stock/saveStockItems', saveStockItems);
  route('/stockMaster/saveStockMaster', saveStockMaster);
  route('/trnsSales/selectInvoice', selectInvoice);
  route('/trnsSales/saveSales', async (device, body) => {
    const checked = checkSale(device, body);
    if ('refusal' in checked) return checked.refusal;
    const behaviour = devices.behaviour;
    if (behaviour.signingMs > 0) await sleep(behaviour.signingMs);
    const answer = signSale(device, checked);
    if (behaviour.timeoutAfterSigningNext > 0) {
      behaviour.timeoutAfterSigningNext -= 1;
      // Signed and kept; the answer comes after the caller gave up (decision 060: read it back).
      return { answer, holdMs: behaviour.hangMs };
    }
    return answer;
  });
}

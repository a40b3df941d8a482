import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type RunningSimulators } from '../server';
import { DEMO_VSDC, VSDC_BASE_PATH } from '.';

let sim: RunningSimulators;
beforeAll(async () => {
  sim = await startSimulators();
});
afterAll(() => sim.close());
afterEach(async () => {
  await fetch(`${sim.url}/_sim/reset`, { method: 'POST' });
});

const device = { tpin: DEMO_VSDC.tpin, bhfId: DEMO_VSDC.branchId };

async function post(path: string, body: Record<string, unknown>, signal?: AbortSignal) {
  const answer = await fetch(`${sim.url}${VSDC_BASE_PATH}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...device, ...body }),
    signal,
  });
  const text = await answer.text();
  return { status: answer.status, text, json: () => JSON.parse(text) as Record<string, any> };
}

const behave = (change: Record<string, unknown>) =>
  fetch(`${sim.url}/_sim/vsdc/behaviour`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(change),
  });

const install = () => post('/initializer/selectInitInfo', { dvcSrlNo: DEMO_VSDC.deviceSerial });

async function registerItem(itemCd: string) {
  const answer = await post('/items/saveItem', {
    itemCd,
    itemClsCd: '53131600',
    itemTyCd: '2',
    itemNm: `Item ${itemCd}`,
    orgnNatCd: 'ZM',
    pkgUnitCd: 'NT',
    qtyUnitCd: 'U',
    vatCatCd: 'A',
    dftPrc: 116,
    useYn: 'Y',
  });
  expect(answer.json().resultCd).toBe('000');
}

/** A sale of `qty` of SOAP at K1.16 (VAT included: K1.00 + K0.16). */
function sale(cisInvcNo: string, qty = 2, extra: Record<string, unknown> = {}) {
  const tot = 1.16 * qty;
  return {
    orgInvcNo: 0,
    cisInvcNo,
    custNm: 'Mutale',
    salesTyCd: 'N',
    rcptTyCd: 'S',
    pmtTyCd: '06',
    salesSttsCd: '02',
    cfmDt: '20261129101500',
    salesDt: '20261129',
    totItemCnt: 1,
    taxblAmtA: qty,
    taxAmtA: 0.16 * qty,
    taxRtA: 16,
    totTaxblAmt: qty,
    totTaxAmt: 0.16 * qty,
    totAmt: tot,
    currencyTyCd: 'ZMW',
    exchangeRt: '1',
    itemList: [
      {
        itemSeq: 1,
        itemCd: 'SOAP',
        itemClsCd: '53131600',
        itemNm: 'Soap',
        pkgUnitCd: 'NT',
        qtyUnitCd: 'U',
        qty,
        prc: 1.16,
        splyAmt: tot,
        dcRt: 0,
        dcAmt: 0,
        vatCatCd: 'A',
        vatTaxblAmt: qty,
        vatAmt: 0.16 * qty,
        totAmt: tot,
      },
    ],
    ...extra,
  };
}

describe("the simulator's ZRA VSDC", () => {
  it('installs a device once: its sdcId first, then 902 with no data; nothing works before', async () => {
    expect((await post('/trnsSales/saveSales', sale('INV-1'))).json().resultCd).toBe('885');
    expect((await post('/initializer/selectInitInfo', { dvcSrlNo: 'SOMEONE-ELSE' })).json().resultCd).toBe('881');
    const first = (await install()).json();
    expect(first).toMatchObject({
      resultCd: '000',
      resultMsg: 'It is succeeded',
      data: { info: { tin: DEMO_VSDC.tpin } },
    });
    expect(first.resultDt).toMatch(/^\d{14}$/);
    expect(first.data.info.sdcId).toMatch(/^SDC0\d{9}$/);
    const second = await install();
    expect(second.status).toBe(200);
    expect(second.json()).toMatchObject({ resultCd: '902', data: null });
    expect((await post('/code/selectCodes', { lastReqDt: '20260101000000' })).json().data.clsList[0].cdCls).toBe('04');
    const classes = (await post('/itemClass/selectItemsClass', { lastReqDt: '20260101000000' })).json();
    expect(classes.data.itemClsList[0]).toMatchObject({ itemClsCd: expect.any(String), useYn: 'Y' });
    const stranger = await fetch(`${sim.url}${VSDC_BASE_PATH}/code/selectCodes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tpin: '9999999999', bhfId: '000' }),
    });
    expect(((await stranger.json()) as { resultCd: string }).resultCd).toBe('881');
  });

  it('registers items once, updates them, and refuses a sale naming an unknown one', async () => {
    await install();
    await registerItem('SOAP');
    const again = await post('/items/saveItem', {
      itemCd: 'SOAP',
      itemClsCd: '53131600',
      itemTyCd: '2',
      itemNm: 'Soap',
      pkgUnitCd: 'NT',
      qtyUnitCd: 'U',
      vatCatCd: 'A',
    });
    expect(again.json().resultCd).toBe('887');
    const update = await post('/items/updateItem', {
      itemCd: 'SOAP',
      itemClsCd: '53131500',
      itemTyCd: '2',
      itemNm: 'Soap bar',
      pkgUnitCd: 'NT',
      qtyUnitCd: 'U',
      vatCatCd: 'A',
    });
    expect(update.json().resultCd).toBe('000');
    const stock = (await (await fetch(`${sim.url}/_sim/vsdc/stock`)).json()) as any;
    expect(stock.devices[0].items[0]).toMatchObject({ itemClsCd: '53131500', versions: 2 });
    const unknown = sale('INV-X');
    unknown.itemList[0].itemCd = 'OIL';
    expect((await post('/trnsSales/saveSales', unknown)).json().resultCd).toBe('882');
  });

  it('signs sales with rising receipt numbers, 26-character internal data, a 16-character signature and the portal link; a repeated number is 994 and read back the same', async () => {
    await install();
    await registerItem('SOAP');
    const first = (await post('/trnsSales/saveSales', sale('INV-1'))).json();
    expect(first.resultCd).toBe('000');
    expect(first.data).toMatchObject({ rcptNo: 1, totRcptNo: 1, mrcNo: expect.any(String) });
    expect(first.data.intrlData).toMatch(/^[A-Z0-9]{26}$/);
    expect(first.data.rcptSign).toMatch(/^[A-Z0-9]{16}$/);
    expect(first.data.vsdcRcptPbctDate).toMatch(/^\d{14}$/);
    expect(first.data.qrCodeUrl).toBe(
      `https://sandboxportal.zra.org.zm/common/link/ebm/receipt/indexEbmReceiptData?Data=${DEMO_VSDC.tpin}${DEMO_VSDC.branchId}${first.data.rcptSign}`,
    );
    const second = (await post('/trnsSales/saveSales', sale('INV-2', 3))).json();
    expect(second.data).toMatchObject({ rcptNo: 2, totRcptNo: 2 });
    const repeated = await post('/trnsSales/saveSales', sale('INV-1'));
    expect(repeated.status).toBe(200);
    expect(repeated.json()).toMatchObject({ resultCd: '994', data: null });
    const read = (await post('/trnsSales/selectInvoice', { cisInvcNo: 'INV-1', invcSdcId: first.data.sdcId })).json();
    expect(read).toMatchObject({ resultCd: '000', data: { ...first.data, cisInvcNo: 'INV-1', rcptTyCd: 'S' } });
    expect((await post('/trnsSales/selectInvoice', { cisInvcNo: 'INV-404' })).json().resultCd).toBe('001');
    const receipts = (await (await fetch(`${sim.url}/_sim/vsdc/receipts`)).json()) as any;
    expect(receipts.devices[0].receipts.map((r: any) => [r.cisInvcNo, r.requests])).toEqual([
      ['INV-1', 2],
      ['INV-2', 1],
    ]);
  });

  it('refuses a sale whose lines or totals do not add up to the ngwee', async () => {
    await install();
    await registerItem('SOAP');
    const header = sale('INV-1', 2, { totAmt: 2.33 });
    expect((await post('/trnsSales/saveSales', header)).json()).toMatchObject({ resultCd: '886' });
    const line = sale('INV-1');
    line.itemList[0].vatAmt = 0.4;
    expect((await post('/trnsSales/saveSales', line)).json().resultCd).toBe('886');
    const supply = sale('INV-1');
    supply.itemList[0].splyAmt = 2.31;
    expect((await post('/trnsSales/saveSales', supply)).json().resultMsg).toContain('splyAmt is not prc x qty');
    expect((await post('/trnsSales/saveSales', sale('INV-1', 2, { cfmDt: '2026-11-29' }))).json().resultCd).toBe('881');
  });

  it('signs a credit note against a sale of the device, never above it', async () => {
    await install();
    await registerItem('SOAP');
    const signed = (await post('/trnsSales/saveSales', sale('INV-1', 2))).json().data;
    const credit = (cisInvcNo: string, qty: number, orgInvcNo = signed.rcptNo) =>
      sale(cisInvcNo, qty, { rcptTyCd: 'R', orgInvcNo, orgSdcId: signed.sdcId, rfdRsnCd: '02', rfdDt: '20261129' });
    expect((await post('/trnsSales/saveSales', credit('CN-1', 1, 77))).json().resultCd).toBe('883');
    const first = (await post('/trnsSales/saveSales', credit('CN-1', 1))).json();
    expect(first).toMatchObject({ resultCd: '000', data: { rcptNo: 1, totRcptNo: 2 } });
    expect((await post('/trnsSales/saveSales', credit('CN-2', 2))).json().resultMsg).toContain('exceed');
    expect((await post('/trnsSales/saveSales', credit('CN-3', 1))).json().data).toMatchObject({
      rcptNo: 2,
      totRcptNo: 3,
    });
  });

  it('refuses a stock report that overtakes its sale, counts a repeated report once, keeps what is left', async () => {
    await install();
    await registerItem('SOAP');
    const report = (sarNo: number, qty: number) => ({
      sarNo,
      orgSarNo: sarNo,
      regTyCd: 'M',
      sarTyCd: '11',
      ocrnDt: '20261129',
      totItemCnt: 1,
      totTaxblAmt: 0,
      totTaxAmt: 0,
      totAmt: 0,
      itemList: [
        { itemSeq: 1, itemCd: 'SOAP', itemClsCd: '53131600', itemNm: 'Soap', qty, prc: 1.16, splyAmt: 1.16 * qty },
      ],
    });
    expect((await post('/stock/saveStockItems', report(1, 2))).json().resultCd).toBe('884');
    await post('/trnsSales/saveSales', sale('INV-1', 2));
    expect((await post('/stock/saveStockItems', report(1, 2))).json().resultCd).toBe('000');
    expect((await post('/stock/saveStockItems', report(1, 2))).json().resultCd).toBe('000');
    expect((await post('/stock/saveStockItems', report(2, 1))).json().resultCd).toBe('884');
    const master = await post('/stockMaster/saveStockMaster', { stockItemList: [{ itemCd: 'SOAP', rsdQty: 48 }] });
    expect(master.json().resultCd).toBe('000');
    const stock = (await (await fetch(`${sim.url}/_sim/vsdc/stock`)).json()) as any;
    expect(stock.devices[0]).toMatchObject({ master: { SOAP: 48 }, soldNotReported: { SOAP: 0 } });
    expect(stock.devices[0].reports).toEqual([
      { sarNo: 1, sarTyCd: '11', items: [{ itemCd: 'SOAP', qty: 2 }], repeats: 1 },
    ]);
  });

  it('answers errors inside a 200, 500s, a signed sale whose answer comes too late, and drops connections when switched off', async () => {
    await install();
    await registerItem('SOAP');
    await behave({ failNext: 1, failCode: '999', failMessage: 'Device busy' });
    const inside = await post('/trnsSales/saveSales', sale('INV-1'));
    expect(inside.status).toBe(200);
    expect(inside.json()).toMatchObject({ resultCd: '999', resultMsg: 'Device busy' });
    await behave({ http500Next: 1 });
    expect((await post('/trnsSales/saveSales', sale('INV-1'))).status).toBe(500);
    await behave({ timeoutAfterSigningNext: 1, hangMs: 2_000 });
    await expect(post('/trnsSales/saveSales', sale('INV-1'), AbortSignal.timeout(300))).rejects.toThrow();
    const read = (await post('/trnsSales/selectInvoice', { cisInvcNo: 'INV-1' })).json();
    expect(read).toMatchObject({ resultCd: '000', data: { rcptNo: 1 } });
    await behave({ down: true });
    await expect(post('/code/selectCodes', {})).rejects.toThrow();
    await behave({ down: false, latencyMs: 150 });
    const started = Date.now();
    expect((await post('/code/selectCodes', {})).json().resultCd).toBe('000');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(
      (await sim.app.inject({ method: 'POST', url: '/_sim/vsdc/behaviour', payload: { failCode: '000' } })).statusCode,
    ).toBe(400);
    expect(
      (await sim.app.inject({ method: 'POST', url: '/_sim/vsdc/behaviour', payload: { signingMs: -1 } })).statusCode,
    ).toBe(400);
  });

  it('signs one request at a time in the order they came', async () => {
    await install();
    await registerItem('SOAP');
    await behave({ signingMs: 100 });
    const answers = await Promise.all(
      ['INV-A', 'INV-B', 'INV-C'].map(async (number, index) => {
        await new Promise((resolve) => setTimeout(resolve, index * 20));
        return (await post('/trnsSales/saveSales', sale(number))).json().data.rcptNo;
      }),
    );
    expect(answers).toEqual([1, 2, 3]);
  });
});

import { RESULT, refused, succeeded, type VsdcAnswer } from './envelope';
import type { SignedReceipt, VsdcDevice } from './vsdc-state';

type Body = Record<string, unknown>;

/** Kwacha on the wire, compared in ngwee: the device keeps at most 4 decimals, money is settled to the ngwee. */
const ngwee = (value: unknown) => Math.round(Number(value) * 100);
const isAmount = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const DATE_TIME = /^\d{14}$/;
const DAY = /^\d{8}$/;
/** Tax categories with their rates (decision 060); the simulator knows the ones a shop like ours uses. */
const RATE: Record<string, number> = { A: 16, B: 16, C1: 0, C2: 0, C3: 0, D: 0, E: 0 };
const HEADER_CATEGORIES = ['A', 'B', 'C1', 'C2', 'C3', 'D', 'E'] as const;

/** What a signed sale's or credit note's answer carries (decision 060). */
export function receiptData(receipt: SignedReceipt) {
  return {
    rcptNo: receipt.rcptNo,
    totRcptNo: receipt.totRcptNo,
    intrlData: receipt.intrlData,
    rcptSign: receipt.rcptSign,
    vsdcRcptPbctDate: receipt.vsdcRcptPbctDate,
    sdcId: receipt.sdcId,
    mrcNo: receipt.mrcNo,
    qrCodeUrl: receipt.qrCodeUrl,
  };
}

/**
 * Checks a saveSales body as far as the facts go (fields, items registered, every line and the header adding
 * up to the ngwee, a credit note against a signed sale of this device and never above it). Answers the
 * refusal, or what to sign.
 */
export function checkSale(
  device: VsdcDevice,
  body: Body,
):
  | { refusal: VsdcAnswer }
  | {
      cisInvcNo: string;
      rcptTyCd: 'S' | 'R';
      sign: Omit<
        SignedReceipt,
        | 'rcptNo'
        | 'totRcptNo'
        | 'intrlData'
        | 'rcptSign'
        | 'vsdcRcptPbctDate'
        | 'sdcId'
        | 'mrcNo'
        | 'qrCodeUrl'
        | 'cisInvcNo'
        | 'rcptTyCd'
      >;
    } {
  const bad = (message: string) => ({ refusal: refused(RESULT.badField, message) });
  const cisInvcNo = body.cisInvcNo;
  if (typeof cisInvcNo !== 'string' || cisInvcNo.length < 1 || cisInvcNo.length > 50)
    return bad('cisInvcNo is required (1 to 50 characters)');
  const earlier = device.receipts.get(cisInvcNo);
  if (earlier) {
    earlier.requests += 1;
    return { refusal: refused(RESULT.duplicateInvoice, `Invoice number ${cisInvcNo} was already used`) };
  }
  const rcptTyCd = body.rcptTyCd;
  if (rcptTyCd !== 'S' && rcptTyCd !== 'R') return bad('rcptTyCd must be S (sale) or R (credit note)');
  if (body.salesTyCd !== 'N') return bad('salesTyCd must be N');
  if (typeof body.cfmDt !== 'string' || !DATE_TIME.test(body.cfmDt)) return bad('cfmDt must be yyyyMMddHHmmss');
  if (typeof body.salesDt !== 'string' || !DAY.test(body.salesDt)) return bad('salesDt must be yyyyMMdd');
  if (typeof body.pmtTyCd !== 'string' || !/^0[1-7]$/.test(body.pmtTyCd)) return bad('pmtTyCd must be 01 to 07');
  const items = body.itemList;
  if (!Array.isArray(items) || items.length === 0) return bad('itemList must hold at least one line');
  if (body.totItemCnt !== items.length) return bad('totItemCnt must be the number of lines');

  const sums = { tot: 0, taxbl: {} as Record<string, number>, tax: {} as Record<string, number> };
  const quantities: Record<string, number> = {};
  for (const [index, raw] of items.entries()) {
    const line = (raw ?? {}) as Body;
    const where = `itemList[${index}]`;
    if (line.itemSeq !== index + 1) return bad(`${where}.itemSeq must be ${index + 1}`);
    const item = typeof line.itemCd === 'string' ? device.items.get(line.itemCd) : undefined;
    if (!item)
      return {
        refusal: refused(RESULT.unknownItem, `${where}.itemCd ${String(line.itemCd)} is not a registered item`),
      };
    const category = String(line.vatCatCd);
    if (!(category in RATE)) return bad(`${where}.vatCatCd ${category} is not a tax category`);
    for (const field of ['qty', 'prc', 'splyAmt', 'dcAmt', 'vatTaxblAmt', 'vatAmt', 'totAmt'])
      if (!isAmount(line[field])) return bad(`${where}.${field} must be a number, 0 or more`);
    if (Number(line.qty) <= 0) return bad(`${where}.qty must be above 0`);
    const disagree = (what: string) => ({ refusal: refused(RESULT.totalsDisagree, `${where}: ${what}`) });
    if (Math.round(Number(line.prc) * Number(line.qty) * 100) !== ngwee(line.splyAmt))
      return disagree('splyAmt is not prc x qty');
    if (ngwee(line.splyAmt) - ngwee(line.dcAmt) !== ngwee(line.totAmt))
      return disagree('totAmt is not splyAmt - dcAmt');
    if (ngwee(line.vatTaxblAmt) + ngwee(line.vatAmt) !== ngwee(line.totAmt))
      return disagree('vatTaxblAmt + vatAmt is not totAmt');
    // Prices include VAT: the tax is rate/(100 + rate) of the line. How far a real device lets rounding
    // stray is not public (decision 060); the shop stays under 2 ngwee a line (decision 062), so this does.
    const rate = RATE[category];
    if (Math.abs(ngwee(line.vatAmt) - (ngwee(line.totAmt) * rate) / (100 + rate)) >= 2)
      return disagree(`vatAmt is not ${rate}/${100 + rate} of totAmt`);
    sums.tot += ngwee(line.totAmt);
    sums.taxbl[category] = (sums.taxbl[category] ?? 0) + ngwee(line.vatTaxblAmt);
    sums.tax[category] = (sums.tax[category] ?? 0) + ngwee(line.vatAmt);
    quantities[item.itemCd] = (quantities[item.itemCd] ?? 0) + Number(line.qty);
  }
  for (const category of HEADER_CATEGORIES) {
    if (ngwee(body[`taxblAmt${category}`] ?? 0) !== (sums.taxbl[category] ?? 0))
      return { refusal: refused(RESULT.totalsDisagree, `taxblAmt${category} is not the sum of its lines`) };
    if (ngwee(body[`taxAmt${category}`] ?? 0) !== (sums.tax[category] ?? 0))
      return { refusal: refused(RESULT.totalsDisagree, `taxAmt${category} is not the sum of its lines`) };
  }
  const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
  if (
    ngwee(body.totTaxblAmt) !== sum(sums.taxbl) ||
    ngwee(body.totTaxAmt) !== sum(sums.tax) ||
    ngwee(body.totAmt) !== sums.tot
  )
    return { refusal: refused(RESULT.totalsDisagree, 'totTaxblAmt, totTaxAmt or totAmt is not the sum of the lines') };

  let orgInvcNo = 0;
  if (rcptTyCd === 'R') {
    orgInvcNo = Number(body.orgInvcNo);
    const sale = device.saleByReceiptNo(orgInvcNo);
    if (!sale || body.orgSdcId !== device.sdcId)
      return {
        refusal: refused(
          RESULT.noOriginal,
          `No sale receipt ${String(body.orgInvcNo)} on device ${String(body.orgSdcId)}`,
        ),
      };
    if (typeof body.rfdRsnCd !== 'string' || !/^\d{2}$/.test(body.rfdRsnCd))
      return bad('rfdRsnCd must be a reason code');
    if (device.creditedAgainst(orgInvcNo) + sums.tot > sale.totAmtNgwee)
      return { refusal: refused(RESULT.totalsDisagree, `Credit notes would exceed sale receipt ${orgInvcNo}`) };
  } else if (body.orgInvcNo !== 0 && body.orgInvcNo !== undefined) {
    return bad('orgInvcNo must be 0 for a sale');
  }
  return {
    cisInvcNo,
    rcptTyCd,
    sign: {
      orgInvcNo,
      totAmtNgwee: sums.tot,
      taxAmtANgwee: sums.tax.A ?? 0,
      taxblAmtANgwee: sums.taxbl.A ?? 0,
      quantities,
      requests: 1,
      request: body,
    },
  };
}

/** Signs what checkSale let through and counts a sale's goods as sold and not yet reported out of stock. */
export function signSale(device: VsdcDevice, checked: Exclude<ReturnType<typeof checkSale>, { refusal: VsdcAnswer }>) {
  const receipt = device.sign(checked.cisInvcNo, checked.rcptTyCd, checked.sign);
  if (receipt.rcptTyCd === 'S')
    for (const [itemCd, qty] of Object.entries(receipt.quantities))
      device.soldNotReported.set(itemCd, (device.soldNotReported.get(itemCd) ?? 0) + qty);
  return succeeded(receiptData(receipt));
}

/** /trnsSales/selectInvoice: a posted invoice by our number, with what its signing answered; 001 when none. */
export function selectInvoice(device: VsdcDevice, body: Body): VsdcAnswer {
  if (typeof body.cisInvcNo !== 'string') return refused(RESULT.badField, 'cisInvcNo is required');
  const receipt = device.receipts.get(body.cisInvcNo);
  if (!receipt || (body.invcSdcId !== undefined && body.invcSdcId !== null && body.invcSdcId !== device.sdcId))
    return refused(RESULT.noData, 'There is no search result');
  return succeeded({ ...receiptData(receipt), cisInvcNo: receipt.cisInvcNo, rcptTyCd: receipt.rcptTyCd });
}

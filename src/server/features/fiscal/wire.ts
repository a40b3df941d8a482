import { createHash } from 'node:crypto';
import { fiscalTotals, type FiscalLine } from '../../../shared/fiscal-invoice';
import { isoInShopTime } from '../../../shared/shop-time';
import type { FiscalSettings } from './fiscal-settings';

/**
 * The VSDC's request bodies (docs/decisions/060-smart-invoice-facts.md) from the shop's ngwee lines: amounts
 * in kwacha, dates on the shop's clock (Lusaka) as yyyyMMddHHmmss, the shop as the registrant.
 */
const kwacha = (ngwee: number) => ngwee / 100;
const REGISTRANT = {
  regrId: 'coop-shop',
  regrNm: 'Forest co-op shop',
  modrId: 'coop-shop',
  modrNm: 'Forest co-op shop',
};
/** Pieces, sold net (decision 060: qtyUnitCd U, pkgUnitCd NT). */
const UNITS = { qtyUnitCd: 'U', pkgUnitCd: 'NT' };
const CATEGORIES = ['A', 'B', 'C1', 'C2', 'C3', 'D', 'E'] as const;
const RATES: Record<(typeof CATEGORIES)[number], number> = { A: 16, B: 16, C1: 0, C2: 0, C3: 0, D: 0, E: 0 };

export function vsdcDateTime(at: Date): string {
  return isoInShopTime(at).slice(0, 19).replace(/\D/g, '');
}

/** A device's yyyyMMddHHmmss (Lusaka, UTC+2) as an instant; null when it is not one. */
export function fromVsdcDateTime(value: string | null): Date | null {
  const m = value ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value) : null;
  if (!m) return null;
  const at = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+02:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** itemCd: 20 characters at most (decision 060): P and the product id's first 19 hex digits; the delivery line is DELIVERY. */
export function itemCodeOf(line: Pick<FiscalLine, 'productId' | 'name' | 'delivery'>): string {
  if (line.delivery) return 'DELIVERY';
  if (line.productId) return `P${line.productId.replace(/-/g, '').slice(0, 19).toUpperCase()}`;
  // A product deleted before its order was paid: known by its name only.
  return `N${createHash('sha256').update(line.name).digest('hex').slice(0, 19).toUpperCase()}`;
}

/** pmtTyCd (decision 060): 01 cash, 05 card, 06 mobile money, 07 other. */
export function paymentTypeOf(paymentMethod: string, paymentResult: Record<string, unknown> | null): string {
  if (paymentMethod === 'creditCard') return '05';
  if (paymentMethod === 'collection') return paymentResult?.paidWith === 'cash' ? '01' : '06';
  if (paymentMethod === 'mtn' || paymentMethod === 'airtel' || paymentMethod === 'zamtel') return '06';
  return '07';
}

function header(lines: readonly FiscalLine[]) {
  const totals = fiscalTotals(lines);
  const byCategory: Record<string, number> = {};
  for (const category of CATEGORIES) {
    const taxable = category in totals.taxableNgwee ? totals.taxableNgwee[category as 'A' | 'D' | 'E'] : 0;
    const vat = category in totals.vatByCategoryNgwee ? totals.vatByCategoryNgwee[category as 'A' | 'D' | 'E'] : 0;
    byCategory[`taxblAmt${category}`] = kwacha(taxable);
    byCategory[`taxRt${category}`] = RATES[category];
    byCategory[`taxAmt${category}`] = kwacha(vat);
  }
  return {
    totItemCnt: lines.length,
    ...byCategory,
    totTaxblAmt: kwacha(lines.reduce((sum, l) => sum + l.taxableNgwee, 0)),
    totTaxAmt: kwacha(totals.vatNgwee),
    totAmt: kwacha(totals.totalNgwee),
  };
}

export interface ItemClass {
  itemCd: string;
  itemClsCd: string;
}

function itemList(lines: readonly FiscalLine[], classes: ReadonlyMap<string, string>) {
  return lines.map((line, i) => {
    const itemCd = itemCodeOf(line);
    return {
      itemSeq: i + 1,
      itemCd,
      itemClsCd: classes.get(itemCd) ?? null,
      itemNm: line.name.slice(0, 200),
      bcd: null,
      ...UNITS,
      pkg: line.quantity,
      qty: line.quantity,
      prc: kwacha(line.unitPriceNgwee),
      splyAmt: kwacha(line.supplyNgwee),
      dcRt: line.supplyNgwee > 0 ? Math.round((line.discountNgwee * 10_000) / line.supplyNgwee) / 100 : 0,
      dcAmt: kwacha(line.discountNgwee),
      vatCatCd: line.category,
      exciseTxCatCd: null,
      tlCatCd: null,
      iplCatCd: null,
      vatTaxblAmt: kwacha(line.taxableNgwee),
      vatAmt: kwacha(line.vatNgwee),
      exciseTaxblAmt: 0,
      tlTaxblAmt: 0,
      iplTaxblAmt: 0,
      iplAmt: 0,
      tlAmt: 0,
      exciseTxAmt: 0,
      totAmt: kwacha(line.totalNgwee),
    };
  });
}

export interface SaleHeader {
  invoiceNo: string;
  occurredAt: Date;
  paymentType: string;
}

/** /trnsSales/saveSales for a sale (rcptTyCd S). */
export function saleBody(sale: SaleHeader, lines: readonly FiscalLine[], classes: ReadonlyMap<string, string>) {
  const at = vsdcDateTime(sale.occurredAt);
  return {
    orgInvcNo: 0,
    cisInvcNo: sale.invoiceNo,
    custTpin: null,
    // Optional (decision 060) and left out: the receipt's QR opens ZRA's page of it, and a signed order link
    // that carries the QR may be forwarded with the promise that it shows no name (decision 062).
    custNm: null,
    salesTyCd: 'N',
    rcptTyCd: 'S',
    pmtTyCd: sale.paymentType,
    salesSttsCd: '02',
    cfmDt: at,
    salesDt: at.slice(0, 8),
    stockRlsDt: null,
    cnclReqDt: null,
    cnclDt: null,
    rfdDt: null,
    rfdRsnCd: null,
    ...header(lines),
    prchrAcptcYn: 'N',
    remark: null,
    ...REGISTRANT,
    saleCtyCd: '1',
    lpoNumber: null,
    currencyTyCd: 'ZMW',
    exchangeRt: '1',
    destnCountryCd: '',
    dbtRsnCd: '',
    invcAdjustReason: '',
    itemList: itemList(lines, classes),
  };
}

/** /trnsSales/saveSales for a credit note (rcptTyCd R) against the sale's receipt. */
export function creditNoteBody(
  note: SaleHeader,
  original: { rcptNo: number; sdcId: string | null },
  lines: readonly FiscalLine[],
  classes: ReadonlyMap<string, string>,
  settings: Pick<FiscalSettings, 'creditNoteReason'>,
) {
  const body = saleBody(note, lines, classes);
  return {
    ...body,
    rcptTyCd: 'R',
    orgInvcNo: original.rcptNo,
    orgSdcId: original.sdcId,
    rfdDt: body.cfmDt,
    rfdRsnCd: settings.creditNoteReason,
  };
}

/** /items/saveItem and /items/updateItem. */
export function itemBody(line: FiscalLine, itemCd: string, itemClsCd: string) {
  return {
    itemCd,
    itemClsCd,
    // 2: a finished product; 3: a service without stock (decision 060).
    itemTyCd: line.productId ? '2' : '3',
    itemNm: line.name.slice(0, 200),
    itemStdNm: null,
    orgnNatCd: 'ZM',
    ...UNITS,
    vatCatCd: line.category,
    iplCatCd: null,
    tlCatCd: null,
    exciseTxCatCd: null,
    btchNo: null,
    bcd: null,
    dftPrc: kwacha(line.unitPriceNgwee),
    manufacturerTpin: null,
    manufacturerItemCd: null,
    rrp: null,
    svcChargeYn: 'N',
    rentalYn: 'N',
    addInfo: null,
    sftyQty: null,
    isrcAplcbYn: 'N',
    useYn: 'Y',
    ...REGISTRANT,
  };
}

/** The goods of a sale (not its delivery line) as they leave the stock: /stock/saveStockItems, sarTyCd 11. */
export function stockOutBody(
  sarNo: number,
  occurredAt: Date,
  invoiceNo: string,
  lines: readonly FiscalLine[],
  classes: ReadonlyMap<string, string>,
) {
  const goods = goodsOf(lines);
  const totals = fiscalTotals(goods);
  return {
    sarNo,
    orgSarNo: sarNo,
    regTyCd: 'M',
    custTpin: null,
    custNm: null,
    custBhfId: null,
    sarTyCd: '11',
    ocrnDt: vsdcDateTime(occurredAt).slice(0, 8),
    totItemCnt: goods.length,
    totTaxblAmt: kwacha(goods.reduce((sum, l) => sum + l.taxableNgwee, 0)),
    totTaxAmt: kwacha(totals.vatNgwee),
    totAmt: kwacha(totals.totalNgwee),
    remark: `Sale ${invoiceNo}`,
    ...REGISTRANT,
    itemList: goods.map((line, i) => {
      const itemCd = itemCodeOf(line);
      return {
        itemSeq: i + 1,
        itemCd,
        itemClsCd: classes.get(itemCd) ?? null,
        itemNm: line.name.slice(0, 200),
        bcd: null,
        ...UNITS,
        pkg: line.quantity,
        qty: line.quantity,
        itemExprDt: null,
        prc: kwacha(line.unitPriceNgwee),
        splyAmt: kwacha(line.supplyNgwee),
        totDcAmt: kwacha(line.discountNgwee),
        taxblAmt: kwacha(line.taxableNgwee),
        vatCatCd: line.category,
        taxAmt: kwacha(line.vatNgwee),
        totAmt: kwacha(line.totalNgwee),
      };
    }),
  };
}

/** /stockMaster/saveStockMaster: what is left of each item sold. */
export function stockMasterBody(left: { itemCd: string; rsdQty: number }[]) {
  return { ...REGISTRANT, stockItemList: left };
}

/** The goods lines of a sale: what moves stock. */
export const goodsOf = (lines: readonly FiscalLine[]) => lines.filter((line) => !line.delivery);

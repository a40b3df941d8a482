import { randomInt } from 'node:crypto';
import type { VsdcAccount } from './demo-account';
import { vsdcDateTime } from './envelope';

/** What the device signed: the answer's data of a sale or credit note, kept for selectInvoice and tests. */
export interface SignedReceipt {
  cisInvcNo: string;
  rcptTyCd: 'S' | 'R';
  /** A credit note's sale (its rcptNo); 0 for a sale. */
  orgInvcNo: number;
  rcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  vsdcRcptPbctDate: string;
  sdcId: string;
  mrcNo: string;
  qrCodeUrl: string;
  /** The request's totals in ngwee, as the device took them. */
  totAmtNgwee: number;
  taxAmtANgwee: number;
  taxblAmtANgwee: number;
  /** Per itemCd, the quantity sold (a sale) or credited (a credit note). */
  quantities: Record<string, number>;
  /** saveSales requests that carried this invoice number: the first signed, the rest were refused 994. */
  requests: number;
  request: Record<string, unknown>;
}

export interface RegisteredItem {
  itemCd: string;
  itemClsCd: string;
  itemTyCd: string;
  itemNm: string;
  vatCatCd: string;
  /** saveItem, then each updateItem. */
  versions: number;
}

export interface StockReport {
  sarNo: number;
  sarTyCd: string;
  items: { itemCd: string; qty: number }[];
  /** Reports that came again with the same sarNo (answered 000, stock moved once). */
  repeats: number;
}

/** One VSDC installation: a taxpayer's branch and its device. */
export class VsdcDevice {
  installed = false;
  readonly sdcId: string;
  readonly mrcNo: string;
  /** Receipt numbers run per receipt type; totRcptNo over all of them. */
  private readonly lastRcptNo = { S: 0, R: 0 };
  private lastTotRcptNo = 0;
  readonly receipts = new Map<string, SignedReceipt>();
  readonly items = new Map<string, RegisteredItem>();
  /** Per itemCd, what signed sales sold and no stock-out report has yet reported. */
  readonly soldNotReported = new Map<string, number>();
  readonly stockReports = new Map<number, StockReport>();
  readonly stockMaster = new Map<string, number>();
  initCalls = 0;

  constructor(readonly account: VsdcAccount) {
    this.sdcId = `SDC0${randomDigits(9)}`;
    this.mrcNo = `MRC0${randomDigits(9)}`;
  }

  /** Signs: the next receipt numbers, internal data (26) and signature (16), as decision 060 describes them. */
  sign(cisInvcNo: string, rcptTyCd: 'S' | 'R', rest: Omit<SignedReceipt, keyof Signature | 'cisInvcNo' | 'rcptTyCd'>) {
    this.lastRcptNo[rcptTyCd] += 1;
    this.lastTotRcptNo += 1;
    const rcptSign = randomCode(16);
    const receipt: SignedReceipt = {
      ...rest,
      cisInvcNo,
      rcptTyCd,
      rcptNo: this.lastRcptNo[rcptTyCd],
      totRcptNo: this.lastTotRcptNo,
      intrlData: randomCode(26),
      rcptSign,
      vsdcRcptPbctDate: vsdcDateTime(),
      sdcId: this.sdcId,
      mrcNo: this.mrcNo,
      // The portal's receipt link: TPIN (10), branch (3), signature (decision 060, DigiTax's description).
      qrCodeUrl: `https://sandboxportal.zra.org.zm/common/link/ebm/receipt/indexEbmReceiptData?Data=${this.account.tpin}${this.account.branchId}${rcptSign}`,
    };
    this.receipts.set(cisInvcNo, receipt);
    return receipt;
  }

  saleByReceiptNo(rcptNo: number): SignedReceipt | undefined {
    for (const receipt of this.receipts.values())
      if (receipt.rcptTyCd === 'S' && receipt.rcptNo === rcptNo) return receipt;
    return undefined;
  }

  creditedAgainst(rcptNo: number): number {
    let total = 0;
    for (const receipt of this.receipts.values())
      if (receipt.rcptTyCd === 'R' && receipt.orgInvcNo === rcptNo) total += receipt.totAmtNgwee;
    return total;
  }
}

type Signature = Pick<
  SignedReceipt,
  'rcptNo' | 'totRcptNo' | 'intrlData' | 'rcptSign' | 'vsdcRcptPbctDate' | 'sdcId' | 'mrcNo' | 'qrCodeUrl'
>;

/**
 * The switches a test or tester sets (POST /_sim/vsdc/behaviour): how long signing takes (about 2 s on a
 * real device), a delay on every answer, errors inside an HTTP 200, 500s, a signed sale whose answer never
 * comes back in time, and the device switched off (every connection dropped).
 */
export interface VsdcBehaviour {
  signingMs: number;
  latencyMs: number;
  /** The next n requests answer HTTP 200 with resultCd failCode and nothing done. */
  failNext: number;
  failCode: string;
  failMessage: string;
  /** The next n requests answer HTTP 500 with an HTML page, as a servlet container does. */
  http500Next: number;
  /** The next n saveSales are signed and kept, then answered only after hangMs (the caller has given up). */
  timeoutAfterSigningNext: number;
  hangMs: number;
  /** Switched off: every connection is dropped before an answer. */
  down: boolean;
}

export const DEFAULT_VSDC_BEHAVIOUR: VsdcBehaviour = {
  signingMs: 0,
  latencyMs: 0,
  failNext: 0,
  failCode: '899',
  failMessage: 'Simulated VSDC failure',
  http500Next: 0,
  timeoutAfterSigningNext: 0,
  hangMs: 30_000,
  down: false,
};

/** Every installation the simulator holds, by TPIN and branch, and how it behaves. */
export class VsdcDevices {
  private readonly devices = new Map<string, VsdcDevice>();
  behaviour: VsdcBehaviour = { ...DEFAULT_VSDC_BEHAVIOUR };
  /** Requests per route, refused ones included. */
  readonly requests = new Map<string, number>();
  /** Requests taken in and not yet answered (a crash test kills the shop while one is). */
  inFlight = 0;

  constructor(private readonly accounts: () => VsdcAccount[]) {}

  /** The device of a TPIN and branch ZRA approved (the demo one, or a test's); undefined for anyone else. */
  device(tpin: unknown, bhfId: unknown): VsdcDevice | undefined {
    const key = `${String(tpin)}|${String(bhfId)}`;
    let device = this.devices.get(key);
    if (!device) {
      const account = this.accounts().find((a) => a.tpin === tpin && a.branchId === bhfId);
      if (!account) return undefined;
      device = new VsdcDevice(account);
      this.devices.set(key, device);
    }
    return device;
  }

  all(): VsdcDevice[] {
    return [...this.devices.values()];
  }

  count(route: string): void {
    this.requests.set(route, (this.requests.get(route) ?? 0) + 1);
  }

  reset(): void {
    this.devices.clear();
    this.requests.clear();
    this.behaviour = { ...DEFAULT_VSDC_BEHAVIOUR, signingMs: this.defaultSigningMs };
  }

  defaultSigningMs = 0;
}

const CODE_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_CHARACTERS[randomInt(CODE_CHARACTERS.length)];
  return code;
}

function randomDigits(length: number): string {
  let digits = '';
  for (let i = 0; i < length; i++) digits += String(randomInt(10));
  return digits;
}

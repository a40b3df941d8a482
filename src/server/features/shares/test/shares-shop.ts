import { expect } from 'vitest';
import { computeTotals, SPEC_DELIVERY_RULE, toKwacha, toNgwee, type DeliveryRule } from '../../../../shared/money';
import { discountEffect, eligibleLine, type DiscountLimits, type DiscountTerms } from '../../../../shared/discounts';
import type { Order } from '../../../../shared/schemas/orders';
import type { Refund } from '../../../../shared/schemas/refunds';
import type { TestApp } from '../../../test/test-app';
import { address } from '../../orders/test/fixtures';

/** The shop's routes as the shares tests drive them: placing, paying, handing over and refunding orders over HTTP. */

type Who = { auth: Record<string, string> };

export interface ShopProduct {
  id: string;
  priceNgwee: number;
  category: string;
}

export interface ShopOption {
  id: string;
  rule: DeliveryRule;
}

export interface ShopCode {
  code: string;
  terms: DiscountTerms;
  limits: DiscountLimits;
}

export interface PlaceOptions {
  option?: ShopOption;
  paymentMethod?: 'airtel' | 'mtn' | 'collection';
  code?: ShopCode;
}

export function shopRoutes(t: () => TestApp) {
  const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, who: Who | null, payload?: object) =>
    t().app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
  const ok = async (answer: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200) => {
    const res = await answer;
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };

  return {
    inject,
    /** Places the order as the checkout does, its figures worked out by the shared rules (the server checks them). */
    async place(customer: Who, lines: { product: ShopProduct; quantity: number }[], opts: PlaceOptions = {}) {
      const priced = lines.map((line) => ({
        unitPriceNgwee: line.product.priceNgwee,
        quantity: line.quantity,
        eligible: opts.code
          ? eligibleLine(opts.code.limits, { productId: line.product.id, category: line.product.category })
          : false,
      }));
      const outcome = opts.code ? discountEffect(opts.code.terms, priced) : null;
      const totals = computeTotals(priced, {
        delivery: opts.option?.rule ?? SPEC_DELIVERY_RULE,
        discount: outcome?.ok ? outcome.effect : undefined,
      });
      return ok(
        inject('POST', '/api/orders', customer, {
          orderItems: lines.map((line) => ({ product: line.product.id, quantity: line.quantity })),
          shippingAddress: address,
          paymentMethod: opts.paymentMethod ?? 'airtel',
          ...(opts.option ? { deliveryOption: opts.option.id } : {}),
          ...(outcome?.ok ? { discountCode: opts.code!.code } : {}),
          totalAmount: toKwacha(totals.totalNgwee),
        }),
        201,
      ) as Promise<Order>;
    },
    /** An admin marks it paid by hand, with the reason the route asks for. */
    payByHand: (admin: Who, orderId: string) =>
      ok(
        inject('PUT', `/api/orders/${orderId}/pay`, admin, { note: 'Cash counted at the market stall' }),
      ) as Promise<Order>,
    deliver: (admin: Who, orderId: string) =>
      ok(inject('PUT', `/api/orders/${orderId}/deliver`, admin)) as Promise<Order>,
    setStatus: (admin: Who, orderId: string, status: string) =>
      ok(inject('PUT', `/api/orders/${orderId}/status`, admin, { status })) as Promise<Order>,
    /** The pickup keeper types the shopper's code (and says how a pay-on-collection order was paid); answers the keeper's view. */
    keeperCollects: (orderId: string, code: string, paidWith?: 'cash' | 'mobileMoney') =>
      ok(
        inject('POST', `/api/pickup/${orderId}/collect`, null, {
          code,
          name: 'Bupe',
          ...(paidWith ? { paidWith } : {}),
        }),
      ) as Promise<{ status: string; collected: boolean; paid: boolean }>,
    /** A refund asked by one admin; `attemptId` null: sent back by hand. */
    askRefund: (admin: Who, orderId: string, amountNgwee: number, attemptId: string | null = null) =>
      ok(
        inject('POST', `/api/orders/${orderId}/refunds`, admin, {
          amountNgwee,
          reason: 'Jar arrived cracked',
          attemptId,
        }),
        201,
      ) as Promise<Refund>,
    approveRefund: (admin: Who, refundId: string) =>
      ok(inject('PUT', `/api/refunds/${refundId}/approve`, admin)) as Promise<Refund>,
    /** A delivery option made by an admin; `fee` and `freeAbove` in kwacha. */
    async makeOption(
      admin: Who,
      input: {
        name: string;
        kind: 'door' | 'pickup';
        fee: number;
        freeAbove?: number | null;
        payOnCollection?: boolean;
      },
    ): Promise<ShopOption> {
      const made = (await ok(
        inject('POST', '/api/delivery-options', admin, {
          provinces: [address.province],
          towns: [address.city],
          estimate: '1-2 days',
          openingHours: input.kind === 'pickup' ? 'Mon-Sat 08:00-17:00' : '',
          directions: input.kind === 'pickup' ? 'Behind the market' : '',
          freeAbove: input.freeAbove ?? null,
          payOnCollection: input.payOnCollection ?? false,
          name: input.name,
          kind: input.kind,
          fee: input.fee,
        }),
        201,
      )) as { _id: string };
      const freeAbove = input.freeAbove ?? null;
      return {
        id: made._id,
        rule: { feeNgwee: toNgwee(input.fee), freeAboveNgwee: freeAbove === null ? null : toNgwee(freeAbove) },
      };
    },
    /** A discount code made by an admin; `terms.value` in ngwee for a fixed code, as the shared rule reads it. */
    async makeCode(admin: Who, code: string, terms: DiscountTerms, limits: DiscountLimits): Promise<ShopCode> {
      await ok(
        inject('POST', '/api/discounts', admin, {
          code,
          kind: terms.kind,
          value: terms.kind === 'fixed' ? toKwacha(terms.value) : terms.value,
          minSubtotal: toKwacha(terms.minSubtotalNgwee),
          productIds: [...limits.productIds],
          categories: [...limits.categories],
        }),
        201,
      );
      return { code, terms, limits };
    },
  };
}

export type ShopRoutes = ReturnType<typeof shopRoutes>;

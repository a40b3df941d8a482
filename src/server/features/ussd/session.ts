import type { FastifyInstance } from 'fastify';
import { readZambianMobile } from '../../../shared/phone-numbers';
import { cachedShopSettings } from '../settings';
import { freshDraft } from './basket';
import { startState, step } from './menu';
import { show, type MenuContext, type MenuState, type StepResult } from './screens';
import {
  advanceSession,
  findSession,
  findSessionAndCaller,
  readTranslations,
  recordPrompt,
  startSession,
} from './queries';
import { draw, type Answer } from '../../../shared/ussd-screen';
import { isUssdLanguage, textsIn, type Translations, type UssdLanguage } from '../../../shared/ussd-texts';

/** One step as Africa's Talking posts it (docs/providers/africastalking-ussd.md §1). */
export interface UssdStep {
  sessionId: string;
  serviceCode: string;
  phoneNumber: string;
  networkCode: string;
  text: string;
}

const TRANSLATIONS_KEPT_MS = 10_000;

let translationsCache: { at: number; value: Translations } | null = null;
export const forgetTranslations = () => {
  translationsCache = null;
};
async function translations(app: FastifyInstance): Promise<Translations> {
  if (translationsCache && Date.now() - translationsCache.at < TRANSLATIONS_KEPT_MS) return translationsCache.value;
  const value = await readTranslations(app.db);
  translationsCache = { at: Date.now(), value };
  return value;
}

/** The gateway's number: '+260…', or ' 260…' when a '+' arrived unescaped in the form. */
const mobileOf = (phoneNumber: string) => readZambianMobile(phoneNumber.trim().replace(/^\+?/, '+'));

/**
 * Answers one step. The session row holds how many inputs were answered: a step the gateway sends again
 * (the same text) gets the same answer and is not acted on twice; the text may only grow by one input,
 * and a step whose new part splits into several (a * typed inside an input) is an invalid choice.
 */
export async function answerStep(app: FastifyInstance, request: UssdStep): Promise<StepResult> {
  const found = mobileOf(request.phoneNumber);
  const english = textsIn('en', {});
  if (!found.ok) return { answer: draw('END', [english('notZambian')]) };
  const mobile = found.mobile;
  const inputs = request.text === '' ? [] : request.text.split('*');
  const { session: row, caller, member } = await findSessionAndCaller(app.db, request.sessionId, mobile.e164);
  if (row && row.mobile !== mobile.e164) return { answer: draw('END', [english('notRecognised')]) };
  if (row && (inputs.length <= row.steps || row.answer.startsWith('END'))) return { answer: row.answer as Answer };

  const [known, settings] = await Promise.all([translations(app), cachedShopSettings(app.db)]);
  const state = row?.state as MenuState | undefined;
  const picked = state?.lang ?? caller?.language;
  const language: UssdLanguage | null = isUssdLanguage(picked) ? picked : null;
  const sayIn = (lang: UssdLanguage) => textsIn(lang, known);
  const ctx: MenuContext = {
    app,
    mobile,
    say: sayIn(language ?? 'en'),
    sayIn,
    shop: { shopName: settings.shopName, phone: settings.phone },
    draft: freshDraft(caller?.draft, caller?.draftUpdatedAt),
    multilingual: Object.values(known).some((texts) => texts && Object.keys(texts).length > 0),
    language,
    member,
    seen: new Map(),
  };

  if (!row) {
    // A first step, or a session this shop never saw (a deep dial): the menu starts at its top.
    const fresh = startState(ctx);
    const answer = await show(ctx, fresh);
    const written = await startSession(
      app.db,
      {
        id: request.sessionId,
        mobile: mobile.e164,
        steps: inputs.length,
        state: fresh as unknown as Record<string, unknown>,
        answer,
      },
      (app.config.ussd?.sessionsPerNumber ?? 1) - 1,
      draw('END', [ctx.say('sessionClosed')]),
    );
    if (written) return { answer };
    return { answer: ((await findSession(app.db, request.sessionId))?.answer as Answer) ?? answer };
  }

  const added = inputs.slice(row.steps);
  const result =
    added.length === 1
      ? await step(ctx, state!, added[0]!)
      : { answer: await show(ctx, state!, ctx.say('invalidChoice')) };
  const promptDueAt = new Date(Date.now() + (app.config.ussd?.promptDelayMs ?? 0));
  const moved = await advanceSession(app.db, row.id, row.steps, {
    steps: inputs.length,
    state: state as unknown as Record<string, unknown>,
    answer: result.answer,
    ...(result.placedOrderId ? { orderId: result.placedOrderId, promptDueAt } : {}),
  });
  if (moved) return result;
  // This step placed the order, and only it asks for the payment (a copy that found the order does not).
  if (result.placedOrderId) {
    await recordPrompt(app.db, row.id, result.placedOrderId, promptDueAt);
    return result;
  }
  // The same step arrived twice at once and the other copy answered first: its answer is the one.
  const now = await findSession(app.db, request.sessionId);
  return { answer: (now?.answer as Answer | undefined) ?? result.answer };
}

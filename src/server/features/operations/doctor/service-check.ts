import { shopAnswers } from '../shop-health';
import { currentVersion } from '../release';
import { fail, ok, warn, type Check } from './check';

const when = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

/** Is the shop running, answering, and has it stopped by itself lately. */
export const serviceCheck: Check = async ({ context, layout, settings }) => {
  const state = await context.services.state(layout.service);
  if (!state.active)
    return fail('The shop is not running. See why with coop-shop logs, then start it with coop-shop restart.');
  const version = currentVersion(layout);
  const release = version ? ` (release ${version})` : '';
  const since = state.since ? ` since ${when(state.since)} UTC` : '';
  if (!(await shopAnswers(Number(settings.get('PORT')))))
    return fail(`The shop runs${since} but does not answer. See why with coop-shop logs; coop-shop restart may help.`);
  if (state.restarts > 0)
    return warn(
      `The shop runs${release}${since}, but stopped by itself and was started again ${state.restarts} time(s): coop-shop logs shows what stopped it.`,
    );
  return ok(`The shop runs and answers${release}${since}.`);
};

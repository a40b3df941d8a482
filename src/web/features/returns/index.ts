import { lazy } from 'react';

export type { ReturnsOwner } from './api';
export type { ReturnList, ReturnListItem, ReturnView } from './types';
export { ReturnTimeline } from './return-timeline';
export { kwacha, RETURN_STATE_TONES, returnStateLabel } from './return-words';

/** Its own chunk: the order pages show it below the fold, and most visits to them never ask for a return. */
export const ReturnsSection = lazy(async () => ({ default: (await import('./returns-section')).ReturnsSection }));

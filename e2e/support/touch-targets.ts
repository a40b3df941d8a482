import type { Page } from '@playwright/test';

/** WCAG 2.5.5's size: 44 x 44 CSS px. */
export const TOUCH_TARGET_PX = 44;

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * The controls on the page smaller than 44 x 44 CSS px: buttons, links drawn as buttons or blocks,
 * inputs, selects, text areas, checkboxes and radios, sliders. Measured as a finger meets them: a checkbox or
 * radio inside its <label> is the label's box (a tap on the label sets it).
 *
 * Exempt, as WCAG 2.5.5 exempts them or they are not targets:
 * - links that run in text (display: inline, e.g. inside a sentence or a breadcrumb trail);
 * - what is not shown: hidden, zero-sized, or clipped away until focused (the skip link: a keyboard's target);
 * - what sits in a subtree that is aria-hidden or inert (a closed drawer);
 * - a toast stacked behind the front one (sonner shrinks it and lays the front toast over it: a finger meets
 *   the front one; the stack opens to full size when touched).
 */
export function smallTouchTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const selector =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="checkbox"], [role="slider"], [role="switch"]';
    const small: { what: string; width: number; height: number }[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      if (element.closest('[data-sonner-toast][data-front="false"][data-expanded="false"]')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // Visually hidden until focused (the skip link): a keyboard's target, not a finger's.
      if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') continue;
      if (element.tagName === 'A' && style.display === 'inline') continue;
      const input = element instanceof HTMLInputElement ? element : null;
      const wrapping = input && (input.type === 'checkbox' || input.type === 'radio') ? input.closest('label') : null;
      const box = (wrapping ?? element).getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      // Half a pixel of rounding (2.75rem can come out at 43.99).
      if (box.width + 0.5 >= min && box.height + 0.5 >= min) continue;
      const name =
        element.getAttribute('aria-label') ||
        element.textContent?.trim() ||
        input?.name ||
        element.getAttribute('placeholder') ||
        '';
      small.push({
        what: `${element.tagName.toLowerCase()}${input ? `[${input.type}]` : ''} "${name.slice(0, 40)}"`,
        width: Math.round(box.width),
        height: Math.round(box.height),
      });
    }
    return small;
  }, TOUCH_TARGET_PX);
}

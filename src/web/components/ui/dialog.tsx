import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read out with the title; also shown under it. */
  description?: ReactNode;
  children: ReactNode;
  /** Buttons along the bottom, kept in view while the body scrolls. */
  footer?: ReactNode;
  /** 'xl': a form with a table in it (the product editor's sizes). */
  size?: 'md' | 'lg' | 'xl';
  /** What takes the focus on opening (else the first control, the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
}

const WIDTHS = { md: 'sm:max-w-lg', lg: 'sm:max-w-3xl', xl: 'sm:max-w-5xl' } as const;

/**
 * A modal dialog: focus trapped and returned, Escape and the close button close it. On a phone it
 * fills the screen (a long form in a small floating box is hard to use); from 640 px it floats.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocus,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-bark-900/50" />
        <RadixDialog.Content
          className={`fixed inset-0 z-50 flex flex-col bg-white shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90dvh] sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl ${WIDTHS[size]}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-sand-200 px-5 py-4">
            <div className="min-w-0">
              <RadixDialog.Title className="font-serif text-xl font-bold text-forest-900">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-bark-700">{description}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="-m-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-bark-700 hover:bg-sand-100"
              aria-label="Close"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-3 border-t border-sand-200 px-5 py-3">{footer}</div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

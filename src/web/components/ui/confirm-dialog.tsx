import { AlertDialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { buttonClass } from './button';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog and does nothing ('Cancel' unless told). */
  cancelLabel?: string;
  /** Shown on the confirm button while the action runs; the dialog stays open until it settles. */
  busyLabel?: string;
  busy?: boolean;
  /** 'danger' (red) for what cannot be undone; 'primary' for a step that only asks to be sure. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
}

/** Asks before something that cannot be undone or that tells a customer; focus starts on the cancel button so Enter never destroys by accident. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  busy = false,
  tone = 'danger',
  onConfirm,
}: ConfirmDialogProps) {
  // Radix hands focus back to a Trigger, and these dialogs have none: without this, closing one left the
  // keyboard on the page's start instead of on the button or select that opened it.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Portal>
        {/* Above any dialog it is asked from (an order's details), which it dims. */}
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-bark-900/50" />
        <AlertDialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-[70] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="font-serif text-xl font-bold text-forest-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-bark-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClass('outline', 'md')} disabled={busy}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={buttonClass(
                'primary',
                'md',
                tone === 'danger' ? 'bg-red-700 hover:bg-red-800 active:bg-red-900' : '',
              )}
              disabled={busy}
              onClick={onConfirm}
            >
              {busy && busyLabel ? busyLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

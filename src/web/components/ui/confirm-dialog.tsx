import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
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
  onConfirm: () => void;
}

/** Asks before something that cannot be undone; focus starts on the cancel button so Enter never destroys by accident. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, cancelLabel = 'Cancel', busyLabel, busy = false, onConfirm }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-bark-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-serif text-xl font-bold text-forest-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-bark-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClass('outline', 'md')} disabled={busy}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={buttonClass('primary', 'md', 'bg-red-700 hover:bg-red-800 active:bg-red-900')}
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

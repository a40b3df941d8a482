import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';

/** Asked before an in-app navigation takes the admin away from unsaved changes; focus starts on Stay. */
export function LeaveEditorDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onStay()}
      title="Leave without saving?"
      description="Your changes to this product will be lost."
      cancelLabel="Stay"
      confirmLabel="Leave"
      onConfirm={onLeave}
    />
  );
}

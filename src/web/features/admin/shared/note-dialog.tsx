import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';

export interface NoteInput {
  note: string;
}

interface NoteDialogProps {
  open: boolean;
  /** Asked to close (Cancel, Escape, the close button); never while saving. */
  onClose: () => void;
  /** The dialog's title, and its save button. */
  title: string;
  /** Ends with what is kept ("Your name, the time and this … are kept with …"). */
  description: ReactNode;
  formId: string;
  label: string;
  placeholder: string;
  maxLength: number;
  /** The note's rules and their words: required, trimmed, at most maxLength. */
  schema: z.ZodType<NoteInput, NoteInput>;
  saving: boolean;
  /** The note as the schema gives it (trimmed). */
  onSave: (note: string) => void;
}

const EMPTY: NoteInput = { note: '' };

/**
 * A back-office action that asks for one required note, kept with the admin's name and the time (mark an
 * order paid, mark a payment dealt with). The note is empty each time it opens, and the admin types at once.
 */
export function NoteDialog({
  open,
  onClose,
  title,
  description,
  formId,
  label,
  placeholder,
  maxLength,
  schema,
  saving,
  onSave,
}: NoteDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NoteInput>({ resolver: zodResolver(schema), defaultValues: EMPTY });

  // The one thing this dialog asks: focus goes to the note, not to the first control (the close button).
  const noteField = useRef<HTMLTextAreaElement | null>(null);
  const { ref: registerNote, ...note } = register('note');

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const changeOpen = (next: boolean) => {
    if (!next && !saving) onClose();
  };

  const submit = handleSubmit((values) => onSave(values.note));

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={title}
      initialFocus={noteField}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={() => changeOpen(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={saving}>
            {saving ? 'Saving...' : title}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          void submit(event);
        }}
        noValidate
      >
        <TextAreaField
          label={label}
          placeholder={placeholder}
          rows={4}
          maxLength={maxLength}
          error={errors.note?.message}
          required
          {...note}
          ref={(element) => {
            registerNote(element);
            noteField.current = element;
          }}
        />
      </form>
    </Dialog>
  );
}

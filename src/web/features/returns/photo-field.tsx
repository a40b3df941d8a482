import { useEffect, useId, useMemo } from 'react';
import { Button } from '../../components/ui/button';

/** The photo route's own limit (the server checks it again, and the kind by the file's bytes). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

export function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.split(',').includes(file.type)) return 'Choose a JPEG, PNG or WebP photo.';
  if (file.size > PHOTO_MAX_BYTES) return 'This photo is too big: at most 5 MB.';
  return null;
}

/**
 * An optional photo: on a phone the picker offers the camera or the gallery. It is shown before anything is
 * sent, so the shopper sees what the shop will see.
 */
export function PhotoField({
  photo,
  onChange,
  error,
}: {
  photo: File | null;
  onChange: (photo: File | null) => void;
  error?: string;
}) {
  const id = useId();
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <div>
      <p className="mb-1.5 text-sm font-semibold text-bark-900" id={`${id}-title`}>
        Photo (optional)
      </p>
      {photo && preview ? (
        <div className="flex items-center gap-3">
          <img
            src={preview}
            alt="The photo you chose"
            className="h-24 w-24 shrink-0 rounded-xl border border-sand-200 object-cover"
          />
          <Button variant="outline" size="sm" onClick={() => onChange(null)}>
            Remove photo
          </Button>
        </div>
      ) : (
        <label
          htmlFor={id}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-full border-2 border-forest-700 bg-white px-5 font-semibold text-forest-800 focus-within:ring-4 focus-within:ring-forest-200 hover:bg-forest-50"
        >
          Add a photo
          <input
            id={id}
            type="file"
            accept={PHOTO_TYPES}
            className="sr-only"
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0] ?? null;
              event.currentTarget.value = '';
              onChange(file);
            }}
          />
        </label>
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-sm text-bark-600">
          A photo helps when something is damaged. JPEG, PNG or WebP, up to 5 MB.
        </p>
      )}
    </div>
  );
}

import ImagePlus from 'lucide-react/icons/image-plus';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import Star from 'lucide-react/icons/star';
import Trash2 from 'lucide-react/icons/trash-2';
import { useId, useState, type DragEvent } from 'react';
import { storedImageName, variantUrl } from '../../../../../shared/images';
import { MAX_PRODUCT_IMAGES } from '../../../../../shared/schemas/products';
import { Button } from '../../../../components/ui/button';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import type { EditorImage } from './image-list';
import { UPLOAD_ACCEPT } from './shrink-plan';
import type { EditorImages } from './use-editor-images';

/** A stored image shows its 400 px copy: a thumbnail need not cost the full picture. */
function thumbnail(item: EditorImage): string {
  return item.preview === item.url && storedImageName(item.url) ? variantUrl(item.url, 400) : item.preview;
}

function ImageStatus({ item, number, onRetry }: { item: EditorImage; number: number; onRetry: () => void }) {
  if (item.status === 'preparing') return <p className="text-sm text-bark-700">Preparing…</p>;
  if (item.status === 'uploading') {
    const percent = Math.round(item.progress * 100);
    return (
      <div className="space-y-1">
        <ProgressBar value={percent} label={`Uploading image ${number}`} />
        <p className="text-xs text-bark-700" aria-hidden="true">
          Uploading… {percent}%
        </p>
      </div>
    );
  }
  if (item.status === 'failed') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-red-800">Upload failed</p>
        <Button
          variant="outline"
          size="sm"
          className="min-h-11"
          onClick={onRetry}
          aria-label={`Retry (image ${number})`}
        >
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          Retry
        </Button>
      </div>
    );
  }
  return null;
}

function ImageTile({
  item,
  number,
  isMain,
  images,
}: {
  item: EditorImage;
  number: number;
  isMain: boolean;
  images: EditorImages;
}) {
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-xl border-2 bg-white ${isMain ? 'border-forest-600' : 'border-sand-200'}`}
    >
      <div className="relative">
        <img
          src={thumbnail(item)}
          alt={`Product image ${number}`}
          className="aspect-square w-full bg-sand-100 object-cover"
        />
        {isMain && (
          <span className="absolute bottom-2 left-2 rounded-full bg-forest-700 px-2.5 py-1 text-xs font-semibold text-white">
            Main image
          </span>
        )}
        <button
          type="button"
          onClick={() => images.remove(item.key)}
          aria-label={`Remove image ${number}`}
          className="absolute top-1 right-1 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-red-800 shadow hover:bg-red-50"
        >
          <Trash2 aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-2">
        <ImageStatus item={item} number={number} onRetry={() => images.retry(item.key)} />
        <button
          type="button"
          aria-pressed={isMain}
          onClick={() => images.setMain(item.key)}
          className={`mt-auto flex min-h-11 w-full items-center justify-center gap-1.5 rounded-full px-2 text-xs font-semibold whitespace-nowrap ${
            isMain
              ? 'bg-forest-700 text-white hover:bg-forest-800'
              : 'text-forest-800 ring-2 ring-forest-700 ring-inset hover:bg-forest-50'
          }`}
        >
          <Star aria-hidden="true" className={`h-4 w-4 shrink-0 ${isMain ? 'fill-current' : ''}`} />
          <span>
            Set as main image<span className="sr-only"> (image {number})</span>
          </span>
        </button>
      </div>
    </li>
  );
}

/** The Image tab's upload mode: pick or drop up to four pictures, choose the main one. */
export function ImageTab({ images, problem }: { images: EditorImages; problem: string | null }) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const { items, mainKey } = images.state;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    images.add(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="space-y-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`relative rounded-2xl border-2 border-dashed px-4 py-4 text-center focus-within:outline-3 focus-within:outline-honey-500 ${
          dragging ? 'border-forest-600 bg-forest-50' : 'border-sand-300 bg-sand-50'
        } ${problem ? 'border-red-700' : ''}`}
      >
        <input
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPT}
          multiple
          aria-describedby={hintId}
          className="sr-only"
          onChange={(event) => {
            images.add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <ImagePlus aria-hidden="true" className="mx-auto h-8 w-8 text-forest-700" />
        <label
          htmlFor={inputId}
          className="mt-2 inline-flex min-h-11 cursor-pointer items-center rounded-full bg-forest-700 px-5 font-semibold text-white hover:bg-forest-800"
        >
          Upload images
        </label>
        <p id={hintId} className="mt-2 text-sm text-bark-700">
          Or drop them here. JPEG, PNG or WebP, 1 to {MAX_PRODUCT_IMAGES} images; large photos are made smaller before
          they are sent.
        </p>
      </div>

      {images.limitError && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {images.limitError}
        </p>
      )}

      <p className="text-sm text-bark-700">
        {items.length} of {MAX_PRODUCT_IMAGES} images
      </p>
      {items.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Product images">
          {items.map((item, index) => (
            <ImageTile key={item.key} item={item} number={index + 1} isMain={item.key === mainKey} images={images} />
          ))}
        </ul>
      )}
    </div>
  );
}

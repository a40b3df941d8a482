import Trash2 from 'lucide-react/icons/trash-2';
import { lineTotalInKwacha } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { formatKwacha } from '../../../lib/format';

/** A line of the order being edited: what it names, and what the screen shows of it. */
export interface DraftLine {
  productId: string;
  variantId?: string;
  name: string;
  /** The price shown, in kwacha: the order's for a line it holds, the catalogue's for a new one (the server decides). */
  price: number;
  qty: number;
}

export const draftKey = (line: Pick<DraftLine, 'productId' | 'variantId'>) =>
  line.variantId ? `${line.productId}/${line.variantId}` : line.productId;

interface EditLinesProps {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
}

/** The order's lines with their quantities (44 px steppers) and a Remove button each. */
export function EditLines({ lines, onChange }: EditLinesProps) {
  const set = (key: string, qty: number) =>
    onChange(lines.map((line) => (draftKey(line) === key ? { ...line, qty } : line)));
  const remove = (key: string) => onChange(lines.filter((line) => draftKey(line) !== key));
  if (lines.length === 0)
    return <p className="text-sm text-bark-700">No lines left: add a product, or cancel the order instead.</p>;
  return (
    <ul className="divide-y divide-sand-200 rounded-xl border border-sand-200" aria-label="Lines of the order">
      {lines.map((line) => (
        <li key={draftKey(line)} className="flex flex-wrap items-center gap-3 p-3" data-testid="edit-line">
          <div className="min-w-0 flex-1 basis-40">
            <p className="font-medium break-words text-bark-900">{line.name}</p>
            <p className="text-sm text-bark-600">
              {formatKwacha(line.price)} each · {formatKwacha(lineTotalInKwacha(line.price, line.qty))}
            </p>
          </div>
          <div className="flex items-center gap-1">
            <QuantityStepper
              value={line.qty}
              onChange={(qty) => set(draftKey(line), qty)}
              label={line.name}
              max={1000}
            />
            <Button
              variant="danger"
              size="icon"
              aria-label={`Remove ${line.name}`}
              onClick={() => remove(draftKey(line))}
            >
              <Trash2 size={18} aria-hidden="true" />
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

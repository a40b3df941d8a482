import { useEffect, useState } from 'react';
import { nameWithVariant } from '../../../../shared/variants';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import type { ReturnView } from '../../returns';

/**
 * What came back, line by line: how many units go back on the shelf; the rest are written off as damaged.
 * Every unit is one or the other (the server checks restock + writeOff = the line's quantity).
 */
export function ReceiveDialog({
  ret,
  open,
  onClose,
  saving,
  onSave,
}: {
  ret: ReturnView;
  open: boolean;
  onClose: () => void;
  saving: boolean;
  onSave: (lines: { lineId: string; restock: number; writeOff: number }[]) => void;
}) {
  const [restock, setRestock] = useState<Record<string, number>>({});
  useEffect(() => {
    // Each opening starts from "all back on the shelf", the usual case.
    if (open) setRestock(Object.fromEntries(ret.lines.map((line) => [line.id, line.qty])));
  }, [open, ret.lines]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !saving && onClose()}
      title="Receive the return"
      description={
        ret.outcome === 'refund'
          ? 'Then the refund is asked: another admin approves it, as every refund.'
          : 'Then the replacement order is made.'
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button
            disabled={saving}
            onClick={() =>
              onSave(
                ret.lines.map((line) => {
                  const back = restock[line.id] ?? line.qty;
                  return { lineId: line.id, restock: back, writeOff: line.qty - back };
                }),
              )
            }
          >
            {saving ? 'Saving...' : 'Receive'}
          </Button>
        </>
      }
    >
      <ul className="divide-y divide-sand-200">
        {ret.lines.map((line) => {
          const label = nameWithVariant(line.name, line.variantText);
          const back = restock[line.id] ?? line.qty;
          return (
            <li key={line.id} className="space-y-2 py-3">
              <p className="font-semibold break-words">
                {line.qty} x {label}
              </p>
              <div className="flex flex-wrap items-center gap-3">
                <span className="text-sm text-bark-800" id={`restock-${line.id}`}>
                  Back on the shelf
                </span>
                <QuantityStepper
                  label={`${label} back on the shelf`}
                  min={0}
                  max={line.qty}
                  value={back}
                  onChange={(next) => setRestock((current) => ({ ...current, [line.id]: next }))}
                />
              </div>
              <p className="text-sm text-bark-700" data-testid="write-off">
                Written off as damaged: {line.qty - back}
              </p>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}

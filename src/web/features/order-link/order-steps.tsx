import Check from 'lucide-react/icons/check';
import CircleX from 'lucide-react/icons/circle-x';
import type { OrderLinkView } from '../../../shared/schemas/order-link';

interface Step {
  label: string;
  done: boolean;
}

/** Placed → Paid → Shipped → Delivered, read from the order's flags and status. */
export function stepsOf(order: Pick<OrderLinkView, 'status' | 'isPaid'>): Step[] {
  const shipped = order.status === 'Shipped' || order.status === 'Delivered';
  return [
    { label: 'Placed', done: true },
    { label: 'Paid', done: order.isPaid },
    { label: 'Shipped', done: shipped },
    { label: 'Delivered', done: order.status === 'Delivered' },
  ];
}

/** The order's progress as one line of steps; a cancelled order says so instead. */
export function OrderSteps({ order }: { order: Pick<OrderLinkView, 'status' | 'isPaid'> }) {
  if (order.status === 'Cancelled') {
    return (
      <p className="flex items-center gap-2 rounded-2xl border border-red-200 bg-red-50 p-4 font-semibold text-red-900">
        <CircleX size={24} aria-hidden="true" className="shrink-0" />
        This order was cancelled.
        {order.isPaid ? ' The co-op will contact you about your money.' : ' There is nothing to pay.'}
      </p>
    );
  }
  const steps = stepsOf(order);
  const current = steps.map((step) => step.done).lastIndexOf(true);
  return (
    <ol aria-label="Order progress" className="grid grid-cols-4">
      {steps.map((step, index) => (
        <li
          key={step.label}
          aria-current={index === current ? 'step' : undefined}
          className="relative flex flex-col items-center gap-1.5 text-center text-sm"
        >
          {index > 0 && (
            <span
              aria-hidden="true"
              className={`absolute top-4 right-1/2 z-0 h-1 w-full -translate-y-1/2 ${step.done ? 'bg-forest-600' : 'bg-sand-200'}`}
            />
          )}
          <span
            aria-hidden="true"
            className={`relative z-10 flex h-8 w-8 items-center justify-center rounded-full border-2 ${
              step.done ? 'border-forest-600 bg-forest-600 text-white' : 'border-sand-300 bg-white text-bark-500'
            } ${index === current ? 'ring-4 ring-forest-200' : ''}`}
          >
            {step.done ? <Check size={18} strokeWidth={3} /> : <span className="text-xs font-bold">{index + 1}</span>}
          </span>
          <span className={step.done ? 'font-semibold text-forest-900' : 'text-bark-600'}>
            {step.label}
            <span className="sr-only">{step.done ? ': done' : ': not yet'}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useFiscalItems, useItemClasses, usePickItemClass, useRefreshItemClasses } from './api';

/**
 * Each product's ZRA classification (docs/operations/smart-invoice.md): the device's list kept by the
 * shop (read again on demand), a pick per product and for delivery, registered with the next sale.
 */
export function ItemClassesSection() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const items = useFiscalItems(page);
  const classes = useItemClasses(q);
  const refresh = useRefreshItemClasses();
  const listId = useId();

  async function onRefresh() {
    try {
      const { total } = await refresh.mutateAsync();
      toast.success(`${total} classifications kept`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The list could not be read');
    }
  }

  return (
    <section aria-labelledby="classes-title" className="mt-10">
      <h2 id="classes-title" className="text-2xl font-bold">
        Product classifications
      </h2>
      <p className="mt-1 mb-4 text-bark-700">
        ZRA classifies every item sold. Pick one per product; the next sale of it registers it with the VSDC.
        {items.data?.defaultItemClass
          ? ` Without a pick, ${items.data.defaultItemClass} is used.`
          : ' A product without one waits, failed, until it has one.'}
      </p>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="block">
          <span className="mb-1.5 block text-sm font-semibold">Find a classification</span>
          <input
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            className="min-h-11 rounded-xl border border-sand-300 px-3"
            placeholder="Code or words"
          />
        </label>
        <Button variant="outline" className="min-h-11" onClick={onRefresh} disabled={refresh.isPending}>
          Read the list from the VSDC
        </Button>
        <p className="text-sm text-bark-700">
          {classes.data
            ? `${classes.data.total} kept${classes.data.fetchedAt ? `, read ${formatDateTime(classes.data.fetchedAt)}` : ''}`
            : ''}
        </p>
      </div>
      <datalist id={listId}>
        {classes.data?.classes
          .filter((c) => c.inUse)
          .map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
      </datalist>
      <ul aria-label="Products" className="divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white">
        {items.data?.items.map((item) => (
          <ItemRow key={item._id} item={item} listId={listId} />
        ))}
      </ul>
      {items.data && items.data.pages > 1 && (
        <nav aria-label="Product pages" className="mt-3 flex items-center gap-3">
          <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {items.data.pages}
          </span>
          <Button variant="outline" disabled={page >= items.data.pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </section>
  );
}

function ItemRow({
  item,
  listId,
}: {
  item: { _id: string; name: string; itemClsCd: string | null; registeredClsCd: string | null };
  listId: string;
}) {
  const [code, setCode] = useState(item.itemClsCd ?? '');
  const pick = usePickItemClass();
  const inputId = useId();
  async function onSave(event: React.FormEvent) {
    event.preventDefault();
    try {
      await pick.mutateAsync({ id: item._id, itemClsCd: code.trim() });
      toast.success(`${item.name}: classification saved`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The classification could not be saved');
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="min-w-0">
        <label htmlFor={inputId} className="font-semibold break-words">
          {item.name}
        </label>
        <p className="text-sm text-bark-700">
          {item.registeredClsCd ? `The VSDC holds it as ${item.registeredClsCd}` : 'Not registered yet'}
        </p>
      </div>
      <form onSubmit={onSave} className="flex items-center gap-2">
        <input
          id={inputId}
          list={listId}
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          className="min-h-11 w-32 rounded-xl border border-sand-300 px-3 font-mono"
        />
        <Button type="submit" variant="outline" className="min-h-11" disabled={pick.isPending || !code.trim()}>
          Save
        </Button>
      </form>
    </li>
  );
}

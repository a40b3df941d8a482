import { Tabs } from 'radix-ui';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useForm, type FieldErrors } from 'react-hook-form';
import { REQUIRED_FIELDS_MESSAGE, type Product, type ProductSummary } from '../../../../shared/schemas/products';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../lib/toast';
import { useAdminProduct, useSaveProduct } from './api';
import { GiftSetTab } from './gift-set/gift-set-tab';
import { partsFromProduct, readSetParts, sameParts, setsText } from './gift-set/set-draft';
import { imagesProblem, savedImages } from './images/image-list';
import { ImageTab } from './images/image-tab';
import { useEditorImages } from './images/use-editor-images';
import { LeaveEditorDialog } from './leave/leave-editor-dialog';
import { useEditorLeave } from './leave/use-editor-leave';
import { lockedFields, type LockedField } from './locked-fields';
import { useSaveSetParts, useSaveVariants } from './make-up-api';
import { MakersTab } from './makers/makers-tab';
import { useMakersDraft } from './makers/use-makers-draft';
import { BasicInfoFields, DetailsFields, type LockedValue } from './product-fields';
import {
  EMPTY_PRODUCT_FORM,
  FIELD_TAB,
  firstTabWithError,
  formFromProduct,
  productFieldsResolver,
  toProductInput,
  type EditorTab,
  type ProductField,
  type ProductFormContext,
  type ProductFormValues,
} from './product-form';
import { SizesTab } from './sizes/sizes-tab';
import { defaultRow, readSizes, sameSizes, sizesFromProduct, stockSum, type PlainFields } from './sizes/variant-draft';
import { useMakeUpDraft } from './use-make-up-draft';

// Six tabs: on a phone two rows of three, each a thumb's width; in a wide editor one row.
const trigger =
  'inline-flex min-h-11 items-center justify-center gap-1.5 border-b-4 border-transparent px-2 text-center text-sm leading-tight font-semibold text-bark-700 hover:text-forest-800 data-[state=active]:border-forest-700 data-[state=active]:text-forest-900 lg:flex-none lg:px-4 lg:text-base';

function TabTrigger({ value, invalid, children }: { value: EditorTab; invalid: boolean; children: ReactNode }) {
  return (
    <Tabs.Trigger value={value} className={trigger}>
      {children}
      {invalid && (
        <>
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-red-700" />
          <span className="sr-only">(needs attention)</span>
        </>
      )}
    </Tabs.Trigger>
  );
}

const panel = 'pt-5 focus-visible:outline-3 data-[state=inactive]:hidden';

function tabHasErrors(errors: FieldErrors<ProductFormValues>, tab: EditorTab): boolean {
  return (Object.keys(FIELD_TAB) as ProductField[]).some((field) => FIELD_TAB[field] === tab && errors[field]);
}

/** The words of the read-only fields a product with sizes or a gift set shows on Basic Info and Details. */
function lockedWords(
  shown: Partial<Record<LockedField, string>>,
  stockFrom: 'sizes' | 'parts' | 'set ending',
  sizesWord: string,
): Partial<Record<LockedField, LockedValue>> {
  const words: Partial<Record<LockedField, LockedValue>> = {};
  const first = `the ${sizesWord.replace(/s$/, '')} shown first`;
  if (shown.price !== undefined)
    words.price = { value: shown.price, why: `The price of ${first}. Change prices on Sizes & options.` };
  if (shown.countInStock !== undefined)
    words.countInStock = {
      value: shown.countInStock,
      why: {
        sizes: `All ${sizesWord} together. Change each one's stock on Sizes & options.`,
        parts: "What the parts allow: a gift set's stock comes from its parts' stock.",
        'set ending': 'No longer a gift set once saved: then count its stock in here.',
      }[stockFrom],
    };
  if (shown.sku !== undefined)
    words.sku = { value: shown.sku, why: `The SKU of ${first}. Each has its own on Sizes & options.` };
  if (shown.size !== undefined)
    words.size = { value: shown.size, why: `The weight or volume of ${first} (on Sizes & options).` };
  return words;
}

function ProductEditor({ product, onClose }: { product: ProductSummary | null; onClose: () => void }) {
  const formId = useId();
  const save = useSaveProduct();
  const images = useEditorImages(product?.images ?? [], product?.mainImage ?? '', save.isPending);
  const [tab, setTab] = useState<EditorTab>('basic');
  // The makers, sizes and parts are read when their tab is first opened: an edit of the price alone never asks.
  const [makersOpened, setMakersOpened] = useState(false);
  const [makeUpOpened, setMakeUpOpened] = useState(false);
  const openTab = (next: EditorTab) => {
    if (next === 'makers') setMakersOpened(true);
    if (next === 'sizes' || next === 'giftset') setMakeUpOpened(true);
    setTab(next);
  };
  // A new product saved whose makers were then refused: the next Save edits it rather than adding another.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const savedId = product?._id ?? createdId;
  const makers = useMakersDraft(product?._id ?? null, makersOpened);

  // What the server holds: the product with its variants and parts once read (or answered by a save).
  const detail = useAdminProduct(savedId, makeUpOpened);
  const server: ProductSummary | Product | null = detail.data ?? product;
  const plainFields = (): PlainFields => {
    const values = form.getValues();
    return { price: values.price, countInStock: values.countInStock, sku: values.sku, size: values.size };
  };
  const sizes = useMakeUpDraft(savedId, detail, {
    fromProduct: sizesFromProduct,
    same: sameSizes,
    read: (values) => readSizes(values, plainFields()),
    save: useSaveVariants(),
    failure: 'Failed to save the sizes',
  });
  const giftSet = useMakeUpDraft(savedId, detail, {
    fromProduct: partsFromProduct,
    same: sameParts,
    read: readSetParts,
    save: useSaveSetParts(),
    failure: 'Failed to save the gift set',
    onSaved: (saved) =>
      toast.success(
        saved.isSet
          ? `Gift set saved. ${setsText(saved.countInStock)}.`
          : 'No longer a gift set: its stock is 0 until you count some in.',
      ),
  });

  // Basic Info's price, stock, SKU and size: a product with sizes or a gift set takes them from those tabs.
  const chosen = sizes.values ? defaultRow(sizes.values) : undefined;
  const optionNames = sizes.values?.options ?? server?.options ?? [];
  const draftIsSet = giftSet.values ? giftSet.values.length > 0 : Boolean(server?.isSet);
  const locked = lockedFields(
    server && {
      hasOptions: (server.options?.length ?? 0) > 0,
      isSet: Boolean(server.isSet),
      price: server.price,
      countInStock: server.countInStock,
      sku: server.sku,
      size: server.size,
    },
    {
      hasOptions: optionNames.length > 0,
      isSet: draftIsSet,
      defaultPrice: chosen?.price ?? String(server?.price ?? ''),
      defaultSku: chosen ? chosen.sku : (server?.sku ?? ''),
      defaultSize: chosen ? chosen.size : (server?.size ?? ''),
      stockSum: sizes.values ? stockSum(sizes.values) : (server?.countInStock ?? 0),
    },
  );
  const sizesWord = optionNames.length === 1 && optionNames[0].trim().toLowerCase() === 'size' ? 'sizes' : 'variants';
  const stockFrom = optionNames.length > 0 ? 'sizes' : draftIsSet ? 'parts' : 'set ending';
  const lockedShown = lockedWords(locked.shown, stockFrom, sizesWord);
  // Read by the resolver when it checks: the read-only fields are checked as shown.
  const formContext = useRef<ProductFormContext>({});
  formContext.current.shown = locked.shown;

  const [attempted, setAttempted] = useState(false);
  const form = useForm<ProductFormValues, ProductFormContext>({
    resolver: productFieldsResolver,
    context: formContext.current,
    defaultValues: product ? formFromProduct(product) : EMPTY_PRODUCT_FORM,
    shouldFocusError: false,
  });
  const { errors, isDirty } = form.formState;
  const saving = save.isPending || makers.saving || sizes.saving || giftSet.saving;
  const leaving = useEditorLeave({
    unsaved: isDirty || images.changed || makers.changed || sizes.changed || giftSet.changed,
    saving,
    images,
  });

  /** Made plain on Sizes & options: Basic Info takes the figures of the variant shown first. */
  const takePlainFields = (fields: PlainFields) => {
    for (const name of ['price', 'countInStock', 'sku', 'size'] as const)
      form.setValue(name, fields[name], { shouldDirty: true });
  };
  const sizesBlocked = draftIsSet
    ? 'This product is a gift set, so it has no sizes of its own: its parts have theirs. To give it sizes, take its parts out on Gift set first.'
    : null;
  const giftSetBlocked =
    optionNames.length > 0
      ? 'A product with sizes or options cannot be a gift set. To make it a set, make it one size first on Sizes & options.'
      : null;
  // The server's refusal of the sizes or parts (a 409: a set holds a removed size), beside the Save button.
  const makeUpProblem = sizes.problem ?? giftSet.problem;

  const imageProblem = attempted ? imagesProblem(images.state) : null;
  const missingRequired = Object.values(errors).some((error) => error?.message === REQUIRED_FIELDS_MESSAGE);
  const problem = missingRequired ? REQUIRED_FIELDS_MESSAGE : imageProblem;
  const busyLabel = images.busy ? 'Uploading Image...' : saving ? 'Saving...' : null;

  /** Closing without saving: what this session uploaded goes again. Never while a save is on its way. */
  const cancel = () => {
    if (saving) return;
    images.discard();
    onClose();
  };

  /** The first problem may sit on a tab not shown: show that tab, then put the cursor in the field. */
  const showTab = (next: EditorTab, field?: ProductField) => {
    flushSync(() => openTab(next));
    if (field) form.setFocus(field);
  };

  const onValid = (values: ProductFormValues) => {
    if (imagesProblem(images.state)) {
      showTab('image');
      return;
    }
    if (!makers.check()) {
      showTab('makers');
      return;
    }
    const input = toProductInput({ ...values, ...locked.sent }, savedImages(images.state));
    save.mutate(
      { id: savedId, input },
      {
        onSuccess: (saved) => {
          images.commit();
          form.reset(values);
          if (!product) setCreatedId(saved._id);
          // The makers, sizes and parts are their own calls, after the product's, in turn: a refusal keeps
          // the editor open on its tab.
          makers.saveFor(saved._id, (madeOk) => {
            if (!madeOk) return showTab('makers');
            sizes.saveFor(saved._id, (sizesOk) => {
              if (!sizesOk) return showTab('sizes');
              giftSet.saveFor(saved._id, (setOk) => (setOk ? onClose() : showTab('giftset')));
            });
          });
        },
      },
    );
  };

  const onInvalid = (invalid: FieldErrors<ProductFormValues>) => {
    const target = firstTabWithError(invalid);
    if (!target) return;
    const field = (Object.keys(FIELD_TAB) as ProductField[]).find(
      (name) => FIELD_TAB[name] === target && invalid[name],
    );
    showTab(target, field);
  };

  const submit = (event: FormEvent) => {
    setAttempted(true);
    // The sizes first: the variant shown first gives the product the price the form's check reads.
    if (!sizes.check()) {
      event.preventDefault();
      showTab('sizes');
      return;
    }
    if (!giftSet.check()) {
      event.preventDefault();
      showTab('giftset');
      return;
    }
    void form.handleSubmit(onValid, onInvalid)(event);
  };

  return (
    <>
      <Dialog
        open
        onOpenChange={(open) => !open && cancel()}
        title={product ? 'Edit Product' : 'Create New Product'}
        size="xl"
        footer={
          <>
            {makeUpProblem && (
              <p
                role="alert"
                className="w-full text-sm font-medium break-words text-red-900 sm:w-auto sm:flex-1 sm:self-center"
              >
                {makeUpProblem}
              </p>
            )}
            <Button variant="outline" onClick={cancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={busyLabel !== null}>
              {busyLabel ?? 'Save Product'}
            </Button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={submit}>
          {problem && (
            <p role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 font-medium text-red-900">
              {problem}
            </p>
          )}
          <Tabs.Root value={tab} onValueChange={(value) => openTab(value as EditorTab)}>
            <Tabs.List
              aria-label="Product editor sections"
              className="grid grid-cols-3 border-b border-sand-200 lg:flex"
            >
              <TabTrigger value="basic" invalid={tabHasErrors(errors, 'basic')}>
                Basic Info
              </TabTrigger>
              <TabTrigger value="details" invalid={tabHasErrors(errors, 'details')}>
                Details
              </TabTrigger>
              <TabTrigger value="image" invalid={imageProblem !== null}>
                Image
              </TabTrigger>
              <TabTrigger value="makers" invalid={makers.problem !== null}>
                Makers
              </TabTrigger>
              <TabTrigger value="sizes" invalid={sizes.problem !== null}>
                Sizes &amp; options
              </TabTrigger>
              <TabTrigger value="giftset" invalid={giftSet.problem !== null}>
                Gift set
              </TabTrigger>
            </Tabs.List>
            {/* Every panel stays mounted (hidden when inactive), so its inputs keep their values and can take focus. */}
            <Tabs.Content value="basic" forceMount className={panel}>
              <BasicInfoFields register={form.register} errors={errors} locked={lockedShown} />
            </Tabs.Content>
            <Tabs.Content value="details" forceMount className={panel}>
              <DetailsFields register={form.register} errors={errors} locked={lockedShown} />
            </Tabs.Content>
            <Tabs.Content value="image" forceMount className={panel}>
              <ImageTab images={images} problem={imageProblem} />
            </Tabs.Content>
            <Tabs.Content value="makers" forceMount className={panel}>
              {makersOpened && <MakersTab draft={makers} control={form.control} />}
            </Tabs.Content>
            <Tabs.Content value="sizes" forceMount className={panel}>
              {makeUpOpened && (
                <SizesTab
                  draft={sizes}
                  images={savedImages(images.state).images}
                  blocked={sizesBlocked}
                  plainFields={plainFields}
                  onMadePlain={takePlainFields}
                />
              )}
            </Tabs.Content>
            <Tabs.Content value="giftset" forceMount className={panel}>
              {makeUpOpened && (
                <GiftSetTab
                  draft={giftSet}
                  productId={savedId}
                  blocked={giftSetBlocked}
                  saved={
                    detail.data ? { isSet: Boolean(detail.data.isSet), countInStock: detail.data.countInStock } : null
                  }
                />
              )}
            </Tabs.Content>
          </Tabs.Root>
        </form>
      </Dialog>
      <LeaveEditorDialog open={leaving.asking} onStay={leaving.stay} onLeave={leaving.leave} />
    </>
  );
}

/** The create/edit dialog; a fresh editor (form and images) each time it opens. */
export function ProductEditorDialog({
  editing,
  onClose,
}: {
  editing: ProductSummary | 'new' | null;
  onClose: () => void;
}) {
  if (editing === null) return null;
  const product = editing === 'new' ? null : editing;
  return <ProductEditor key={product?._id ?? 'new'} product={product} onClose={onClose} />;
}

import { Tabs } from 'radix-ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useForm, type FieldErrors } from 'react-hook-form';
import { REQUIRED_FIELDS_MESSAGE, type ProductSummary } from '../../../../shared/schemas/products';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useSaveProduct } from './api';
import { imagesProblem, savedImages } from './images/image-list';
import { ImageTab } from './images/image-tab';
import { useEditorImages } from './images/use-editor-images';
import { LeaveEditorDialog } from './leave/leave-editor-dialog';
import { useEditorLeave } from './leave/use-editor-leave';
import { MakersTab } from './makers/makers-tab';
import { useMakersDraft } from './makers/use-makers-draft';
import { BasicInfoFields, DetailsFields } from './product-fields';
import {
  EMPTY_PRODUCT_FORM,
  FIELD_TAB,
  firstTabWithError,
  formFromProduct,
  productFieldsResolver,
  toProductInput,
  type EditorTab,
  type ProductField,
  type ProductFormValues,
} from './product-form';

const trigger =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 border-b-4 border-transparent px-2 text-sm font-semibold text-bark-700 hover:text-forest-800 data-[state=active]:border-forest-700 data-[state=active]:text-forest-900 sm:flex-none sm:px-5 sm:text-base';

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

function ProductEditor({ product, onClose }: { product: ProductSummary | null; onClose: () => void }) {
  const formId = useId();
  const save = useSaveProduct();
  const images = useEditorImages(product?.images ?? [], product?.mainImage ?? '', save.isPending);
  const [tab, setTab] = useState<EditorTab>('basic');
  // The makers are read when their tab is first opened: an edit of the price alone never asks for them.
  const [makersOpened, setMakersOpened] = useState(false);
  const openTab = (next: EditorTab) => {
    if (next === 'makers') setMakersOpened(true);
    setTab(next);
  };
  // A new product saved whose makers were then refused: the next Save edits it rather than adding another.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const savedId = product?._id ?? createdId;
  const makers = useMakersDraft(product?._id ?? null, makersOpened);
  const [attempted, setAttempted] = useState(false);
  const form = useForm<ProductFormValues>({
    resolver: productFieldsResolver,
    defaultValues: product ? formFromProduct(product) : EMPTY_PRODUCT_FORM,
    shouldFocusError: false,
  });
  const { errors, isDirty } = form.formState;
  const saving = save.isPending || makers.saving;
  const leaving = useEditorLeave({ unsaved: isDirty || images.changed || makers.changed, saving, images });

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
    const input = toProductInput(values, savedImages(images.state));
    save.mutate(
      { id: savedId, input },
      {
        onSuccess: (saved) => {
          images.commit();
          form.reset(values);
          if (!product) setCreatedId(saved._id);
          // The makers are their own call, after the product's: a refusal keeps the editor open on their tab.
          makers.saveFor(saved._id, (ok) => (ok ? onClose() : showTab('makers')));
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
    void form.handleSubmit(onValid, onInvalid)(event);
  };

  return (
    <>
      <Dialog
        open
        onOpenChange={(open) => !open && cancel()}
        title={product ? 'Edit Product' : 'Create New Product'}
        size="lg"
        footer={
          <>
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
            <Tabs.List aria-label="Product editor sections" className="flex border-b border-sand-200">
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
            </Tabs.List>
            {/* Every panel stays mounted (hidden when inactive), so its inputs keep their values and can take focus. */}
            <Tabs.Content value="basic" forceMount className={panel}>
              <BasicInfoFields register={form.register} errors={errors} />
            </Tabs.Content>
            <Tabs.Content value="details" forceMount className={panel}>
              <DetailsFields register={form.register} errors={errors} />
            </Tabs.Content>
            <Tabs.Content value="image" forceMount className={panel}>
              <ImageTab images={images} problem={imageProblem} />
            </Tabs.Content>
            <Tabs.Content value="makers" forceMount className={panel}>
              {makersOpened && <MakersTab draft={makers} control={form.control} />}
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

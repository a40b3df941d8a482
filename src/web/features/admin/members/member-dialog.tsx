import { useEffect, useRef, useState } from 'react';
import {
  createMemberSchema,
  MEMBER_NAME_MAX,
  MEMBER_ROLE_MAX,
  updateMemberSchema,
  type Member,
} from '../../../../shared/schemas/members';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { failureMessage } from '../../../lib/failure-message';
import { toast } from '../../../lib/toast';
import { useSaveMember } from './api';
import { walletWords } from './member-words';

interface Values {
  name: string;
  role: string;
  mobile: string;
  active: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;

const valuesOf = (member: Member | null): Values =>
  member
    ? { name: member.name, role: member.role, mobile: '', active: member.active }
    : { name: '', role: '', mobile: '', active: true };

/** The API's words for a person: 'name is required' reads 'Enter her name.', others start with a capital. */
const plainWords = (field: keyof Values, message: string) =>
  field === 'name' && message === 'name is required'
    ? 'Enter her name.'
    : message.charAt(0).toUpperCase() + message.slice(1);

/** The form read with the API's own rules. */
function read(values: Values, adding: boolean) {
  const parsed = adding
    ? createMemberSchema.safeParse(values)
    : updateMemberSchema.safeParse({ name: values.name, role: values.role, active: values.active });
  if (parsed.success) return { input: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as keyof Values;
    errors[field] ??= plainWords(field, issue.message);
  }
  return { errors };
}

interface Props {
  /** The member to edit; null to add one. */
  member: Member | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Add a member (name, role, wallet number) or change her name, role and whether she is active. */
export function MemberDialog({ member, open, onOpenChange }: Props) {
  const [values, setValues] = useState<Values>(() => valuesOf(member));
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const nameField = useRef<HTMLInputElement | null>(null);
  const save = useSaveMember();
  useEffect(() => {
    if (!open) return;
    setValues(valuesOf(member));
    setErrors({});
    setRefusal(null);
  }, [open, member]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const adding = member === null;

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const result = read(values, adding);
    if ('errors' in result) {
      setErrors(result.errors ?? {});
      return;
    }
    setErrors({});
    setRefusal(null);
    save.mutate(
      { id: member?._id ?? null, input: result.input },
      {
        onSuccess: (saved) => {
          toast.success(adding ? `${saved.name} added` : `${saved.name} saved`);
          onOpenChange(false);
        },
        onError: (error) => setRefusal(failureMessage(error, 'Failed to save the member')),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !save.isPending && onOpenChange(next)}
      title={member ? `Edit ${member.name}` : 'Add a member'}
      initialFocus={nameField}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="member-form" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <form id="member-form" noValidate onSubmit={submit} className="space-y-4">
        {refusal && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium break-words text-red-900">
            {refusal}
          </p>
        )}
        <TextField
          ref={nameField}
          label="Name"
          autoComplete="off"
          value={values.name}
          maxLength={MEMBER_NAME_MAX}
          error={errors.name}
          onInput={(e) => set('name', e.currentTarget.value)}
        />
        <TextField
          label="Role"
          autoComplete="off"
          placeholder="e.g. Shea butter maker"
          value={values.role}
          maxLength={MEMBER_ROLE_MAX}
          error={errors.role}
          onInput={(e) => set('role', e.currentTarget.value)}
        />
        {adding ? (
          <TextField
            label="Mobile money number"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="097 123 4567"
            hint="Her share is paid to this wallet. The network comes from the number."
            value={values.mobile}
            error={errors.mobile}
            onInput={(e) => set('mobile', e.currentTarget.value)}
          />
        ) : (
          <div className="text-sm">
            <p className="font-semibold text-bark-900">Mobile money number</p>
            <p className="mt-1 text-bark-800">{walletWords(member)}</p>
            <p className="mt-1 text-bark-600">To change it, use Change wallet on her page. Another admin approves.</p>
          </div>
        )}
        <label className="flex min-h-11 cursor-pointer items-start gap-2">
          <Checkbox
            className="mt-0.5"
            checked={values.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
          <span>
            <span className="font-semibold">Active</span>
            <span className="block text-sm text-bark-700">
              Only active members can be named as makers. An inactive member keeps what she is owed.
            </span>
          </span>
        </label>
      </form>
    </Dialog>
  );
}

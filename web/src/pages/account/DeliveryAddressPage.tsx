/**
 * /account/delivery-address: the buyer's delivery addresses (one default), add, edit, delete after a
 * confirmation, make default. The rules are the cart domain's schema (every field required, an
 * Australian state, a 4-digit postcode, an Australian phone); the server's field errors show inline.
 */
import { useCallback, useState } from 'react';
import { deliveryAddressSchema } from '@caskade/cart/domain';
import { formatPhone, formatPhoneInput } from '@caskade/kit/rules';
import { useCreateAddress, useDeleteAddress, useDeliveryAddresses, useUpdateAddress, type DeliveryAddressInput, type DeliveryAddressView } from '../../api/addresses';
import { isApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CheckboxField, FormMessage } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { errorCodeMessage } from '../../i18n/messages';
import { ordersUi } from '../../i18n/ordersMessages';
import { useForm } from '../../lib/useForm';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { schemaErrors } from '../../lib/validation';
import { AccountLayout, SettingsCard } from './AccountLayout';
import { SaveButton } from './accountForm';
import { AuStateField, MessageField } from './buyingFields';

const t = ordersUi.addresses;
type Status = { tone: 'success' | 'error'; text: string } | null;
type AddressValues = { name: string; street: string; city: string; state: string; postalCode: string; phone: string; email: string; isDefault: boolean };
const empty: AddressValues = { name: '', street: '', city: '', state: '', postalCode: '', phone: '', email: '', isDefault: false };

const valuesOf = (a: DeliveryAddressView): AddressValues => ({
  name: a.name, street: a.street, city: a.city, state: a.state, postalCode: a.postalCode, phone: formatPhone(a.phone), email: a.email, isDefault: a.isDefault,
});
const bodyOf = (v: AddressValues): DeliveryAddressInput => ({
  name: v.name.trim(), street: v.street.trim(), city: v.city.trim(), state: v.state as DeliveryAddressInput['state'], country: 'AU',
  postalCode: v.postalCode.trim(), phone: v.phone.trim(), email: v.email.trim(), isDefault: v.isDefault,
});
const failure = (error: unknown, fallback: string) => (isApiError(error) && error.code !== 'validation-invalid-params' ? errorCodeMessage(error.code) : fallback);

export default function DeliveryAddressPage() {
  const addresses = useDeliveryAddresses();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const [status, setStatus] = useState<Status>(null);
  const [editing, setEditing] = useState<DeliveryAddressView | null>(null);
  const [deleting, setDeleting] = useState<DeliveryAddressView | null>(null);

  const makeDefault = (address: DeliveryAddressView) =>
    update.mutate(
      { id: address.id, body: bodyOf({ ...valuesOf(address), isDefault: true }) },
      {
        onSuccess: () => setStatus({ tone: 'success', text: t.madeDefault(address.name) }),
        onError: (error) => setStatus({ tone: 'error', text: failure(error, t.saveFailed) }),
      },
    );
  const confirmDelete = () => {
    if (!deleting) return;
    const gone = deleting;
    remove.mutate(gone.id, {
      onSuccess: () => {
        setStatus({ tone: 'success', text: t.deleted });
        if (editing?.id === gone.id) setEditing(null);
      },
      onError: (error) => setStatus({ tone: 'error', text: failure(error, t.deleteFailed) }),
      onSettled: () => setDeleting(null),
    });
  };
  const startEdit = (address: DeliveryAddressView) => {
    setStatus(null);
    setEditing(address);
    requestAnimationFrame(() => document.getElementById('address-form')?.querySelector('input')?.focus());
  };

  const list = addresses.data ?? [];
  return (
    <AccountLayout title={t.title}>
      <div className="mb-4 empty:hidden" aria-live="polite">
        {status ? <FormMessage tone={status.tone}>{status.text}</FormMessage> : null}
      </div>
      <SettingsCard title={t.listTitle}>
        {addresses.isPending ? <Spinner /> : null}
        {addresses.isError ? <FormMessage tone="error">{ordersUi.loadFailed}</FormMessage> : null}
        {addresses.data && list.length === 0 ? <p className="text-sm text-stone-600">{t.none}</p> : null}
        <ul className="grid gap-3">
          {list.map((address) => (
            <li key={address.id} aria-label={address.name} className="rounded-xl border border-stone-200 p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
                    <span className="wrap-anywhere">{address.name}</span>
                    {address.isDefault ? <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">{t.default}</span> : null}
                  </p>
                  <address className="mt-1 text-sm text-stone-600 not-italic wrap-anywhere">
                    {address.street}, {address.city} {address.state} {address.postalCode}
                    <br />
                    {formatPhone(address.phone)} · {address.email}
                  </address>
                </div>
                <div className="flex flex-wrap gap-2">
                  {!address.isDefault ? (
                    <button type="button" className="btn-secondary px-3 py-1.5" disabled={update.isPending} onClick={() => makeDefault(address)}>
                      {t.makeDefault}
                    </button>
                  ) : null}
                  <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => startEdit(address)} aria-label={`${t.edit} ${address.name}`}>
                    {t.edit}
                  </button>
                  <button type="button" className="btn-secondary px-3 py-1.5 text-red-700" onClick={() => setDeleting(address)} aria-label={`${t.delete} ${address.name}`}>
                    {t.delete}
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </SettingsCard>
      <AddressForm
        key={editing?.id ?? 'new'}
        editing={editing}
        onCancel={() => setEditing(null)}
        onSaved={(text) => {
          setEditing(null);
          setStatus({ tone: 'success', text });
        }}
      />
      {deleting ? (
        <ConfirmDialog title={t.deleteTitle} onConfirm={confirmDelete} onCancel={() => setDeleting(null)} busy={remove.isPending} yesLabel={t.delete}>
          <p>{t.deleteBody(deleting.name)}</p>
        </ConfirmDialog>
      ) : null}
    </AccountLayout>
  );
}

function AddressForm({ editing, onCancel, onSaved }: { editing: DeliveryAddressView | null; onCancel: () => void; onSaved: (text: string) => void }) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const validate = useCallback((v: AddressValues) => schemaErrors(deliveryAddressSchema, { ...v, country: 'AU' }), []);
  const form = useForm<AddressValues>(editing ? valuesOf(editing) : empty, validate);
  const { formRef, formError, setFormError, submit, focusInvalid } = useFormSubmit(form);
  const pending = create.isPending || update.isPending;

  const onError = (error: Error) => {
    if (isApiError(error) && error.code === 'validation-invalid-params' && Object.keys(error.fields).length > 0) {
      form.setServerErrors(error.fields);
      focusInvalid();
    } else setFormError(failure(error, t.saveFailed));
  };
  const send = () => {
    const body = bodyOf(form.values);
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess: () => onSaved(t.updated), onError });
    else
      create.mutate(body, {
        onSuccess: () => {
          form.reset(empty);
          onSaved(t.added);
        },
        onError,
      });
  };

  return (
    <SettingsCard title={editing ? t.editTitle(editing.name) : t.addTitle}>
      <form id="address-form" ref={formRef} noValidate onSubmit={submit(send)} className="grid gap-5">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <MessageField label={t.name} autoComplete="organization" required maxLength={100} {...form.text('name')} />
        <MessageField label={t.street} autoComplete="street-address" required maxLength={200} {...form.text('street')} />
        <div className="grid gap-5 sm:grid-cols-3">
          <MessageField label={t.city} autoComplete="address-level2" required maxLength={100} {...form.text('city')} />
          <AuStateField
            name="state"
            value={form.values.state}
            onChange={(value) => form.setValue('state', value)}
            onBlur={() => form.touch('state')}
            error={form.errorFor('state')}
          />
          <MessageField label={t.postcode} autoComplete="postal-code" inputMode="numeric" required maxLength={4} {...form.text('postalCode')} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <MessageField label={t.phone} type="tel" autoComplete="tel" inputMode="tel" required maxLength={20} {...form.text('phone', formatPhoneInput)} />
          <MessageField label={t.email} type="email" autoComplete="email" required maxLength={254} {...form.text('email')} />
        </div>
        {editing?.isDefault ? null : (
          <CheckboxField name="isDefault" checked={form.values.isDefault} onChange={(checked) => form.setValue('isDefault', checked)}>
            {t.isDefault}
          </CheckboxField>
        )}
        <div className="flex flex-wrap gap-3">
          <SaveButton label={editing ? t.save : t.add} pending={pending} />
          {editing ? (
            <button type="button" className="btn-secondary" onClick={onCancel} disabled={pending}>
              {t.cancelEdit}
            </button>
          ) : null}
        </div>
      </form>
    </SettingsCard>
  );
}

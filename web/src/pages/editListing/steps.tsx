/** The wizard's form steps other than pricing and photos. Each validates with the shared rules (validateStep). */
import { useId, useState } from 'react';
import { AU_STATES, CATEGORIES, CATEGORY_LABELS, TEXTAREA_MAX } from '@caskade/kit/rules';
import { CheckboxField, CheckboxGroup, FieldError, SelectField, TextField } from '../../components/Field';
import { ATTRIBUTE_LABELS, catalogUi } from '../../i18n/catalogMessages';
import { messageFor } from '../../i18n/messages';
import type { Listing, ListingFieldsBody } from '../../api/catalog';
import { StepForm, useStep, useStepSubmit } from './StepForm';
import { isOneOf, validateStep } from './wizard';
import { CATEGORY_ATTRIBUTES, DAYS_OF_WEEK, PRODUCT_TYPES, SERVICE_CATEGORIES, SERVICE_CATEGORY_LABELS, TITLE_MAX, isCategory, stylesFor, optionLabel, type AttributeKey, type ListingAttributes, type ListingType } from '@caskade/catalog/domain';

const t = catalogUi.editor;
const isAuState = isOneOf(AU_STATES);

// ---- Details ---------------------------------------------------------------------------------

export function DetailsStep() {
  const ctx = useStep();
  const saved = ctx.fields;
  const [values, setValues] = useState({
    listingType: ctx.listingType,
    title: saved.title,
    description: saved.description,
    category: saved.category,
    productType: saved.productType,
    style: saved.style,
    collection: saved.collection,
  });
  const service = values.listingType === 'service';
  const category = !service && isCategory(values.category) ? values.category : null;
  const types = category ? PRODUCT_TYPES[category] : [];
  // Only the styles that fit the chosen type (a lager is never offered a stout); all of the category's until a type is chosen.
  const styles = category ? stylesFor(category, values.productType) : [];
  const next = { ...saved, ...values };
  const clientErrors = validateStep('details', next);
  const submit = useStepSubmit(clientErrors, () => {
    const patch = {
      ...(ctx.listing ? {} : { listingType: values.listingType }),
      title: values.title.trim(),
      description: values.description.trim(),
      category: values.category,
      productType: service ? '' : values.productType,
      style: service ? '' : values.style,
      collection: values.collection.trim(),
    };
    // Features of another category would no longer apply: keep ABV and this category's ones.
    const keep: readonly string[] = ['alcoholicPercent', ...(category ? (CATEGORY_ATTRIBUTES[category] ?? []) : [])];
    const attributes = Object.fromEntries(Object.entries(saved.attributes).filter(([key]) => !service && keep.includes(key))) as ListingAttributes;
    const changedAttributes = Object.keys(attributes).length !== Object.keys(saved.attributes).length;
    return { patch: changedAttributes ? { ...patch, attributes } : patch };
  });
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    submit.clear(key);
  };
  const setCategory = (value: string) => {
    setValues((prev) => {
      const c = isCategory(value) ? value : null;
      return {
        ...prev,
        category: value,
        productType: c && PRODUCT_TYPES[c].includes(prev.productType) ? prev.productType : '',
        style: c && stylesFor(c, prev.productType).includes(prev.style) ? prev.style : '',
      };
    });
    submit.clear('category', 'productType', 'style');
  };
  const setProductType = (value: string) => {
    setValues((prev) => ({ ...prev, productType: value, style: stylesFor(prev.category, value).includes(prev.style) ? prev.style : '' }));
    submit.clear('productType', 'style');
  };
  const collectionsId = useId();

  return (
    <StepForm submit={submit}>
      {ctx.listing ? null : (
        <KindChoice
          value={values.listingType}
          onChange={(kind) => {
            setValues((prev) => ({ ...prev, listingType: kind, category: '', productType: '', style: '' }));
            ctx.chooseKind?.(kind);
          }}
        />
      )}
      <TextField
        name="title"
        label={t.title}
        hint={t.titleHint}
        required
        maxLength={TITLE_MAX}
        value={values.title}
        onChange={(e) => set('title', e.target.value)}
        error={submit.errors['title']}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <SelectField
          name="category"
          label={service ? t.serviceCategory : t.category}
          required
          placeholder={t.chooseOne}
          value={values.category}
          onChange={setCategory}
          options={service ? SERVICE_CATEGORIES.map((c) => ({ value: c, label: SERVICE_CATEGORY_LABELS[c] })) : CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
          error={submit.errors['category']}
          className={service ? 'sm:col-span-3' : undefined}
        />
        {service ? null : (
          <>
            <SelectField
              name="productType"
              label={t.type}
              required
              placeholder={t.chooseOne}
              value={values.productType}
              onChange={setProductType}
              options={types.map((v) => ({ value: v, label: optionLabel(v) }))}
              disabled={!category}
              error={submit.errors['productType']}
            />
            <SelectField
              name="style"
              label={t.style}
              required={styles.length > 0}
              optional={styles.length === 0}
              placeholder={styles.length > 0 ? t.chooseOne : '—'}
              value={values.style}
              onChange={(v) => set('style', v)}
              options={styles.map((v) => ({ value: v, label: optionLabel(v) }))}
              disabled={styles.length === 0}
              error={submit.errors['style']}
            />
          </>
        )}
      </div>
      <TextField
        name="description"
        label={t.description}
        hint={t.descriptionHint}
        required
        multiline
        rows={6}
        maxLength={TEXTAREA_MAX}
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
        error={submit.errors['description']}
      />
      <div>
        <TextField
          name="collection"
          label={t.collection}
          hint={t.collectionHint}
          optional
          maxLength={60}
          list={ctx.brandCollections.length > 0 ? collectionsId : undefined}
          value={values.collection}
          onChange={(e) => set('collection', e.target.value)}
          error={submit.errors['collection']}
        />
        {ctx.brandCollections.length > 0 ? (
          <datalist id={collectionsId}>
            {ctx.brandCollections.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        ) : null}
      </div>
    </StepForm>
  );
}

function KindChoice({ value, onChange }: { value: ListingType; onChange: (kind: ListingType) => void }) {
  const options: { kind: ListingType; label: string; hint: string }[] = [
    { kind: 'product', label: t.kindProduct, hint: t.kindProductHint },
    { kind: 'service', label: t.kindService, hint: t.kindServiceHint },
  ];
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-stone-800">{t.listingKind}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.kind}
            className={`flex cursor-pointer items-start gap-3 rounded-xl border p-4 has-focus-visible:outline-3 has-focus-visible:outline-brand-500 ${
              value === option.kind ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-stone-300 bg-white hover:border-stone-400'
            }`}
          >
            <input type="radio" name="listingType" value={option.kind} checked={value === option.kind} onChange={() => onChange(option.kind)} className="mt-1 size-4 accent-brand-700" />
            <span>
              <span className="block font-semibold text-stone-900">{option.label}</span>
              <span className="block text-sm text-stone-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// ---- Features --------------------------------------------------------------------------------

const TEXT_ATTRIBUTES = new Set<AttributeKey>(['colour', 'malts', 'hops', 'variety', 'region', 'soilType', 'vintage', 'traditionalOwners']);
const SPIRIT_ATTRIBUTES = new Set<AttributeKey>(['juniper', 'citrus', 'floral', 'fruit', 'herbal', 'spice']);

/** Attribute values as typed → the shared rules' shape (numbers parsed; empty means unset). */
export function attributesFromInputs(keys: readonly AttributeKey[], inputs: Record<string, string>): ListingAttributes {
  const out: Record<string, string | number | boolean> = {};
  for (const key of keys) {
    const raw = (inputs[key] ?? '').trim();
    if (!raw) continue;
    if (key === 'vegan') out[key] = raw === 'yes';
    else if (TEXT_ATTRIBUTES.has(key)) out[key] = raw;
    else out[key] = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  }
  return out as ListingAttributes;
}

function inputOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

export function FeaturesStep() {
  const ctx = useStep();
  const saved = ctx.fields;
  const category = isCategory(saved.category) ? saved.category : null;
  const keys: AttributeKey[] = ['alcoholicPercent', ...(category ? (CATEGORY_ATTRIBUTES[category] ?? []) : [])];
  const [inputs, setInputs] = useState<Record<string, string>>(() => Object.fromEntries(keys.map((k) => [k, inputOf(saved.attributes[k])])));
  const attributes = attributesFromInputs(keys, inputs);
  const clientErrors = validateStep('features', { ...saved, attributes });
  const submit = useStepSubmit(clientErrors, () => ({ patch: { attributes } }));
  const set = (key: string, value: string) => {
    setInputs((prev) => ({ ...prev, [key]: value }));
    submit.clear(`attributes.${key}`, 'attributes');
  };
  const error = (key: string) => submit.errors[`attributes.${key}`] ?? (key === keys[1] ? submit.errors['attributes'] : undefined);

  if (!category) {
    return (
      <StepForm submit={submit}>
        <p className="rounded-lg bg-stone-100 px-4 py-3 text-sm text-stone-700">{t.chooseCategoryFirst}</p>
      </StepForm>
    );
  }
  return (
    <StepForm submit={submit}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="alcoholicPercent" label={t.abv} hint={t.abvHint} inputMode="decimal" suffix="%" value={inputs['alcoholicPercent'] ?? ''} onChange={(e) => set('alcoholicPercent', e.target.value)} error={error('alcoholicPercent')} />
        {keys.slice(1).map((key) =>
          key === 'vegan' ? (
            <SelectField
              key={key}
              name={key}
              label={ATTRIBUTE_LABELS[key] ?? key}
              value={inputs[key] ?? ''}
              onChange={(v) => set(key, v)}
              options={[
                { value: '', label: t.veganOptions.unset },
                { value: 'yes', label: t.veganOptions.yes },
                { value: 'no', label: t.veganOptions.no },
              ]}
              error={error(key)}
            />
          ) : (
            <TextField
              key={key}
              name={key}
              label={ATTRIBUTE_LABELS[key] ?? key}
              hint={SPIRIT_ATTRIBUTES.has(key) ? t.spiritHint : key === 'vintage' ? t.vintageHint : undefined}
              inputMode={SPIRIT_ATTRIBUTES.has(key) ? 'numeric' : undefined}
              maxLength={200}
              value={inputs[key] ?? ''}
              onChange={(e) => set(key, e.target.value)}
              error={error(key)}
            />
          ),
        )}
      </div>
      {keys.length === 1 ? <p className="text-sm text-stone-600">{t.noFeatures}</p> : null}
    </StepForm>
  );
}

// ---- Disclaimer ------------------------------------------------------------------------------

export function DisclaimerStep() {
  const ctx = useStep();
  const [rules, setRules] = useState(ctx.fields.rules);
  const clientErrors = validateStep('disclaimer', { ...ctx.fields, rules });
  const submit = useStepSubmit(clientErrors, () => ({ patch: { rules: rules.trim() } }));
  return (
    <StepForm submit={submit}>
      <TextField
        name="rules"
        label={t.rules}
        hint={t.rulesHint}
        optional
        multiline
        rows={8}
        maxLength={TEXTAREA_MAX}
        value={rules}
        onChange={(e) => {
          setRules(e.target.value);
          submit.clear('rules');
        }}
        error={submit.errors['rules']}
      />
    </StepForm>
  );
}

// ---- Location --------------------------------------------------------------------------------

export function LocationStep() {
  const ctx = useStep();
  const saved = ctx.fields.location;
  const [values, setValues] = useState({ address: saved?.address ?? '', state: saved?.state ?? '', postcode: saved?.postcode ?? '' });
  // Services have no Delivery step, so the states they are sold in are chosen here.
  const isService = ctx.listingType === 'service';
  const [visibleStates, setVisibleStates] = useState(ctx.fields.visibleStates);
  const empty = !values.address.trim() && !values.state && !values.postcode.trim();
  const location = empty ? null : { address: values.address.trim(), state: values.state, postcode: values.postcode.trim(), lat: saved?.lat ?? 0, lng: saved?.lng ?? 0 };
  const clientErrors = validateStep('location', { ...ctx.fields, location, ...(isService ? { visibleStates } : {}) });
  const submit = useStepSubmit(clientErrors, () => {
    const located: ListingFieldsBody['location'] = location && { ...location, state: isAuState(location.state) ? location.state : '' };
    return { patch: isService ? { location: located, visibleStates: visibleStates.filter(isAuState) } : { location: located } };
  });
  const set = (key: keyof typeof values, value: string) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    submit.clear(`location.${key}`, 'location');
  };
  return (
    <StepForm submit={submit}>
      <TextField
        name="address"
        label={t.address}
        hint={t.addressHint}
        required={ctx.listingType === 'product'}
        optional={ctx.listingType === 'service'}
        autoComplete="street-address"
        maxLength={300}
        value={values.address}
        onChange={(e) => set('address', e.target.value)}
        error={submit.errors['location.address'] ?? submit.errors['location']}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          name="state"
          label={t.state}
          placeholder={t.chooseOne}
          value={values.state}
          onChange={(v) => set('state', v)}
          options={AU_STATES.map((s) => ({ value: s, label: s }))}
          error={submit.errors['location.state']}
        />
        <TextField
          name="postcode"
          label={t.postcode}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={values.postcode}
          onChange={(e) => set('postcode', e.target.value.replace(/\D/g, ''))}
          error={submit.errors['location.postcode']}
        />
      </div>
      {isService ? (
        <CheckboxGroup
          name="visibleStates"
          legend={t.visibleStates}
          options={AU_STATES.map((s) => ({ value: s, label: s }))}
          selected={visibleStates}
          onChange={(next) => {
            setVisibleStates(next);
            submit.clear('visibleStates');
          }}
          error={submit.errors['visibleStates']}
        />
      ) : null}
    </StepForm>
  );
}

// ---- Delivery --------------------------------------------------------------------------------

export function DeliveryStep() {
  const ctx = useStep();
  const [values, setValues] = useState({ pickupEnabled: ctx.fields.pickupEnabled, shippingEnabled: ctx.fields.shippingEnabled, visibleStates: ctx.fields.visibleStates });
  const clientErrors = validateStep('delivery', { ...ctx.fields, ...values });
  const submit = useStepSubmit(clientErrors, () => ({ patch: { ...values, visibleStates: values.visibleStates.filter(isAuState) } }));
  const errorId = useId();
  const deliveryError = submit.errors['delivery'];
  return (
    <StepForm submit={submit}>
      <fieldset aria-describedby={deliveryError ? errorId : undefined}>
        <legend className="mb-3 text-sm font-medium text-stone-800">
          {t.deliveryLegend}
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {(
            [
              ['pickupEnabled', t.pickup, t.pickupHint],
              ['shippingEnabled', t.shipping, t.shippingHint],
            ] as const
          ).map(([key, label, hint]) => (
            <CheckboxField
              key={key}
              name={key}
              checked={values[key]}
              onChange={(checked) => {
                setValues((prev) => ({ ...prev, [key]: checked }));
                submit.clear('delivery');
              }}
              invalid={Boolean(deliveryError)}
              describedBy={deliveryError ? errorId : undefined}
            >
              <span className="font-medium">{label}</span>
              <span className="block text-stone-600">{hint}</span>
            </CheckboxField>
          ))}
        </div>
        {deliveryError ? <FieldError id={errorId}>{messageFor(deliveryError)}</FieldError> : null}
      </fieldset>
      <CheckboxGroup
        name="visibleStates"
        legend={t.visibleStates}
        options={AU_STATES.map((s) => ({ value: s, label: s }))}
        selected={values.visibleStates}
        onChange={(visibleStates) => {
          setValues((prev) => ({ ...prev, visibleStates }));
          submit.clear('visibleStates');
        }}
        error={submit.errors['visibleStates']}
      />
    </StepForm>
  );
}

// ---- Availability (services) -----------------------------------------------------------------

interface DayRow {
  enabled: boolean;
  start: string;
  end: string;
  seats: string;
}

export function AvailabilityStep() {
  const ctx = useStep();
  const [rows, setRows] = useState<Record<string, DayRow>>(() =>
    Object.fromEntries(
      DAYS_OF_WEEK.map((day) => {
        const entry = ctx.fields.availability.find((a) => a.dayOfWeek === day);
        return [day, entry ? { enabled: true, start: entry.start, end: entry.end, seats: String(entry.seats) } : { enabled: false, start: '09:00', end: '17:00', seats: '1' }];
      }),
    ),
  );
  const enabledDays = DAYS_OF_WEEK.filter((day) => rows[day]?.enabled);
  const availability: Listing['availability'] = enabledDays.map((day) => {
    const row = rows[day] as DayRow;
    return { dayOfWeek: day, start: row.start, end: row.end, seats: /^\d+$/.test(row.seats) ? Number(row.seats) : Number.NaN };
  });
  const clientErrors = validateStep('availability', { ...ctx.fields, availability });
  const submit = useStepSubmit(clientErrors, () => ({ patch: { availability } }));
  const set = (day: string, patch: Partial<DayRow>) => {
    setRows((prev) => ({ ...prev, [day]: { ...(prev[day] as DayRow), ...patch } }));
    submit.clear('availability');
  };
  return (
    <StepForm submit={submit}>
      <fieldset>
        <legend className="mb-3 text-sm font-medium text-stone-800">{t.availabilityLegend}</legend>
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200">
          {DAYS_OF_WEEK.map((day) => {
            const row = rows[day] as DayRow;
            const index = enabledDays.indexOf(day);
            const error = index >= 0 ? submit.errors[`availability.${index}`] : undefined;
            const dayName = t.days[day] ?? day;
            const errorId = `availability-${day}-error`;
            return (
              <li key={day} className="grid gap-3 p-3 sm:grid-cols-[10rem_1fr] sm:items-start">
                <CheckboxField name={`day-${day}`} checked={row.enabled} onChange={(enabled) => set(day, { enabled })}>
                  <span className="font-medium">{dayName}</span>
                  <span className="sr-only"> — {t.dayAvailable(dayName)}</span>
                </CheckboxField>
                {row.enabled ? (
                  <div>
                    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                      <DayField day={day} dayName={dayName} name="start" label={t.start} type="time" value={row.start} onChange={(start) => set(day, { start })} errorId={error ? errorId : undefined} />
                      <DayField day={day} dayName={dayName} name="end" label={t.end} type="time" value={row.end} onChange={(end) => set(day, { end })} errorId={error ? errorId : undefined} />
                      <DayField day={day} dayName={dayName} name="seats" label={t.seats} inputMode="numeric" value={row.seats} onChange={(seats) => set(day, { seats })} errorId={error ? errorId : undefined} />
                    </div>
                    {error ? <FieldError id={errorId}>{t.availabilityInvalid}</FieldError> : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </fieldset>
    </StepForm>
  );
}

/** One of a day's inputs: "From" on screen, "From (Monday)" to assistive technology. */
function DayField({
  day, dayName, name, label, value, onChange, errorId, type = 'text', inputMode,
}: {
  day: string;
  dayName: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errorId: string | undefined;
  type?: 'text' | 'time';
  inputMode?: 'numeric';
}) {
  const id = `availability-${day}-${name}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
        <span className="sr-only"> ({dayName})</span>
      </label>
      <input
        id={id}
        name={`${day}-${name}`}
        type={type}
        inputMode={inputMode}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
    </div>
  );
}

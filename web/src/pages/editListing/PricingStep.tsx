/**
 * Pricing & Stock: the price packages editor (package type, size with its unit, units per package,
 * price in dollars stored as cents, SKU; at least one row) and the stock total, set by
 * compare-and-set against the total loaded with the page (a stale total answers old-total-mismatch:
 * the step says so and offers a reload).
 */
import { useState } from 'react';
import { FieldError, SelectField, TextField } from '../../components/Field';
import { messageFor } from '../../i18n/messages';
import { PACKAGE_TYPE_LABELS, catalogUi } from '../../i18n/catalogMessages';
import { formatMoney } from '../../i18n/format';
import { withGst } from '../../lib/money';
import { StepForm, useStep, useStepSubmit } from './StepForm';
import { isOneOf, validateStep } from './wizard';
import { BOTTLE_ML, CAN_ML, KEG_SIZES_L, MAX_PRICE_PACKAGES, PACKAGE_TYPES, PACKAGE_UNITS, dollarsToCents, stockProblem, typedPriceCents, type PackageType, type PricePackage } from '@caskade/catalog/domain';

const t = catalogUi.editor;
const isPackageType = isOneOf(PACKAGE_TYPES);

export interface PackageRow {
  key: number;
  packageType: string;
  size: string;
  quantity: string;
  price: string;
  sku: string;
}

const toDollars = (cents: number): string => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

export function rowOf(p: PricePackage, key: number): PackageRow {
  return { key, packageType: p.packageType, size: p.packageType === 'services' ? '' : String(p.size), quantity: String(p.quantity), price: toDollars(p.priceCents), sku: p.sku };
}

const whole = (raw: string): number => (/^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN);

/** A row as typed → the shared rules' package (malformed numbers become NaN so the rules flag them). */
export function packageOf(row: PackageRow): PricePackage {
  const type = row.packageType;
  const unit = PACKAGE_UNITS[type as PackageType] ?? '';
  return {
    packageType: type,
    size: type === 'services' ? 0 : whole(row.size),
    unit,
    quantity: whole(row.quantity),
    priceCents: typedPriceCents(row.price),
    sku: row.sku.trim(),
  };
}

export function PricingStep() {
  const ctx = useStep();
  const service = ctx.listingType === 'service';
  const blank = (key: number): PackageRow => ({ key, packageType: service ? 'services' : '', size: '', quantity: '1', price: '', sku: '' });
  const [rows, setRows] = useState<PackageRow[]>(() => (ctx.fields.pricePackages.length > 0 ? ctx.fields.pricePackages.map(rowOf) : [blank(0)]));
  const [nextKey, setNextKey] = useState(rows.length);
  // The total this form was opened with: the compare-and-set's old total, even if a save meanwhile
  // brings a newer figure into the cache (Reload stock remounts the step with it).
  const [loadedStock] = useState(() => ctx.listing?.currentStock.quantity ?? 0);
  const [stock, setStock] = useState(String(loadedStock));

  const pricePackages = rows.map(packageOf);
  const newTotal = whole(stock);
  const stockError = stockProblem(newTotal);
  const clientErrors = { ...validateStep('pricing', { ...ctx.fields, pricePackages }), ...(stockError ? { stock: stockError } : {}) };
  const submit = useStepSubmit(clientErrors, () => ({
    // The unit is the package type's: the API fills it in.
    patch: { pricePackages: pricePackages.flatMap(({ unit: _unit, packageType, ...p }) => (isPackageType(packageType) ? [{ ...p, packageType }] : [])) },
    ...(newTotal !== loadedStock ? { stock: { oldTotal: loadedStock, newTotal } } : {}),
  }));

  const update = (key: number, patch: Partial<PackageRow>) => {
    setRows((prev) => prev.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    const index = rows.findIndex((row) => row.key === key);
    submit.clear(`pricePackages.${index}`, 'pricePackages');
  };
  const add = () => {
    setRows((prev) => [...prev, blank(nextKey)]);
    setNextKey((k) => k + 1);
    submit.clear('pricePackages');
  };
  const remove = (key: number) => {
    setRows((prev) => prev.filter((row) => row.key !== key));
    submit.clear('pricePackages');
  };
  const rowError = (i: number, field: string) => submit.errors[`pricePackages.${i}.${field}`];

  return (
    <StepForm submit={submit}>
      <fieldset>
        <legend className="text-base font-semibold text-stone-900">{t.packagesLegend}</legend>
        <p className="mt-1 text-sm text-stone-600">{t.packagesHint}</p>
        <ol className="mt-4 grid gap-4">
          {rows.map((row, i) => {
            const cents = dollarsToCents(row.price);
            return (
              <li key={row.key} className="rounded-xl border border-stone-200 bg-stone-50/60 p-4">
                <div className="mb-3 flex items-center justify-between gap-3">
                  <h3 className="text-sm font-semibold text-stone-800">{t.packageRow(i + 1)}</h3>
                  {rows.length > 1 ? (
                    <button type="button" className="btn-ghost px-2 py-1 text-red-700 hover:bg-red-50" onClick={() => remove(row.key)} aria-label={t.removePackage(i + 1)}>
                      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
                        <path d="M5 7h14M10 7V5h4v2M7 7l1 12h8l1-12" />
                      </svg>
                    </button>
                  ) : null}
                </div>
                <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
                  {service ? null : (
                    <SelectField
                      className="lg:col-span-2"
                      name={`package-${row.key}-type`}
                      label={t.packageType}
                      required
                      placeholder={t.chooseOne}
                      value={row.packageType}
                      onChange={(packageType) => update(row.key, { packageType, size: '' })}
                      options={(['keg', 'bottle', 'can'] as const).map((v) => ({ value: v, label: PACKAGE_TYPE_LABELS[v] ?? v }))}
                      error={rowError(i, 'packageType')}
                    />
                  )}
                  {service ? null : row.packageType === 'keg' ? (
                    <SelectField
                      name={`package-${row.key}-size`}
                      label={`${t.size} (${t.unitL})`}
                      required
                      placeholder={t.chooseOne}
                      value={row.size}
                      onChange={(size) => update(row.key, { size })}
                      options={KEG_SIZES_L.map((s) => ({ value: String(s), label: `${s} ${t.unitL}` }))}
                      error={rowError(i, 'size') ?? rowError(i, 'unit')}
                    />
                  ) : (
                    <TextField
                      name={`package-${row.key}-size`}
                      label={`${t.size} (${t.unitMl})`}
                      required
                      inputMode="numeric"
                      suffix={row.packageType ? t.unitMl : undefined}
                      hint={row.packageType === 'bottle' ? `${BOTTLE_ML.min}–${BOTTLE_ML.max} ml` : row.packageType === 'can' ? `${CAN_ML.min}–${CAN_ML.max} ml` : undefined}
                      value={row.size}
                      onChange={(e) => update(row.key, { size: e.target.value })}
                      error={rowError(i, 'size') ?? rowError(i, 'unit')}
                    />
                  )}
                  <TextField
                    name={`package-${row.key}-quantity`}
                    label={t.quantity}
                    hint={service ? undefined : t.quantityHint}
                    required
                    inputMode="numeric"
                    value={row.quantity}
                    onChange={(e) => update(row.key, { quantity: e.target.value })}
                    error={rowError(i, 'quantity')}
                  />
                  <TextField
                    className={service ? 'sm:col-span-1 lg:col-span-3' : undefined}
                    name={`package-${row.key}-price`}
                    label={t.price}
                    required
                    inputMode="decimal"
                    hint={cents !== null && cents > 0 ? t.incGstPreview(formatMoney(withGst(cents).incGst)) : undefined}
                    value={row.price}
                    onChange={(e) => update(row.key, { price: e.target.value })}
                    error={rowError(i, 'priceCents')}
                  />
                  <TextField
                    className={service ? 'lg:col-span-2' : undefined}
                    name={`package-${row.key}-sku`}
                    label={t.sku}
                    optional
                    maxLength={64}
                    value={row.sku}
                    onChange={(e) => update(row.key, { sku: e.target.value })}
                    error={rowError(i, 'sku')}
                  />
                </div>
              </li>
            );
          })}
        </ol>
        {submit.errors['pricePackages'] ? <FieldError>{messageFor(submit.errors['pricePackages'])}</FieldError> : null}
        {rows.length < MAX_PRICE_PACKAGES ? (
          <button type="button" className="btn-secondary mt-4" onClick={add}>
            <span aria-hidden="true">+</span> {t.addPackage}
          </button>
        ) : null}
      </fieldset>

      <div className="border-t border-stone-200 pt-6">
        <fieldset>
          <legend className="text-base font-semibold text-stone-900">{t.stockLegend}</legend>
          <div className="mt-3 max-w-xs">
            <TextField
              name="stock"
              label={t.stock}
              hint={t.stockHint(loadedStock)}
              required
              inputMode="numeric"
              value={stock}
              onChange={(e) => {
                setStock(e.target.value);
                submit.clear('stock');
                submit.setStockMismatch(null);
              }}
              error={submit.errors['stock']}
              describedBy={newTotal === 0 ? 'stock-zero-warning' : undefined}
            />
          </div>
          {/* Not an error (a draft may be saved without stock), but a live listing without stock is
              hidden from search: say so before it is published. */}
          {newTotal === 0 ? (
            <p id="stock-zero-warning" className="mt-3 max-w-xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {t.zeroStockWarning}
            </p>
          ) : null}
          {submit.stockMismatch !== null ? (
            <div className="mt-4 grid gap-3 rounded-lg border border-red-200 bg-red-50 p-4" role="alert">
              <p className="text-sm font-medium text-red-800">{t.stockMismatch(submit.stockMismatch)}</p>
              <button
                type="button"
                className="btn-secondary justify-self-start"
                onClick={() => {
                  void ctx.reload().then(() => ctx.flash(t.stockReloaded));
                }}
              >
                {t.reloadStock}
              </button>
            </div>
          ) : null}
        </fieldset>
      </div>
    </StepForm>
  );
}

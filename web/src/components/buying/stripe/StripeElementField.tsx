/**
 * Stripe's card or AU BECS element, mounted in a labelled container (the lazy Stripe chunk). While
 * mounted it registers a collector that saves what was entered as the buyer's payment method; what
 * was saved is reused until the buyer changes the element, so paying again sends the same method.
 */
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { PaymentMethodView } from '@caskade/gateway/contract';
import { mountElement, saveMethod, stripeFor, StripeEntryError, type MountedElement } from './stripeClient';
import type { NewMethodKind, StripeCollector } from './index';

export interface StripeElementFieldProps {
  publishableKey: string;
  kind: NewMethodKind;
  label: string;
  collector: RefObject<StripeCollector | null>;
  /** Saving replaces this saved method (the payment methods page's Replace). */
  replaces?: string;
}

const LOAD_FAILED = 'Secure card entry could not be loaded. Check your connection and try again.';

export default function StripeElementField({ publishableKey, kind, label, collector, replaces }: StripeElementFieldProps) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let mounted: MountedElement | null = null;
    let saved: PaymentMethodView | null = null;
    const changed = (event: { error?: { message: string } | undefined }) => {
      saved = null;
      setError(event.error?.message ?? null);
    };
    stripeFor(publishableKey).then(
      (stripe) => {
        if (cancelled || !container.current) return;
        if (!stripe) return setError(LOAD_FAILED);
        mounted = mountElement(stripe, kind, container.current);
        if (mounted.kind === 'card') mounted.element.on('change', changed);
        else mounted.element.on('change', changed);
        const current = mounted;
        collector.current = {
          collect: async (billing) => {
            if (saved) return saved;
            try {
              saved = await saveMethod(stripe, current, billing, replaces);
              setError(null);
              return saved;
            } catch (err) {
              if (err instanceof StripeEntryError) setError(err.message);
              throw err;
            }
          },
        };
        setReady(true);
      },
      () => {
        if (!cancelled) setError(LOAD_FAILED);
      },
    );
    return () => {
      cancelled = true;
      collector.current = null;
      mounted?.element.destroy();
    };
  }, [publishableKey, kind, collector, replaces]);

  return (
    <div className="grid gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-stone-800">
        {label}
      </span>
      <div
        ref={container}
        role="group"
        aria-labelledby={`${id}-label`}
        aria-busy={!ready || undefined}
        data-stripe-element={kind}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-3"
      />
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

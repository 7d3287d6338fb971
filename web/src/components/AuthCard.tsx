import type { ReactNode } from 'react';

/** The frame for login, sign-up and password pages. */
export function AuthCard({ title, intro, children, footer, width = 'narrow' }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode; width?: 'narrow' | 'wide' }) {
  return (
    <div className={`mx-auto w-full px-4 py-10 sm:px-6 lg:py-16 ${width === 'wide' ? 'max-w-2xl' : 'max-w-md'}`}>
      <div className="card p-6 [overflow-wrap:anywhere] sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
        {intro ? <p className="mt-2 text-sm text-stone-600">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-stone-700">{footer}</div> : null}
    </div>
  );
}

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t border-stone-200 pt-6 first:border-t-0 first:pt-0 sm:grid-cols-2">
      <legend className="float-left mb-1 w-full text-sm font-semibold tracking-wide text-stone-500 uppercase sm:col-span-2">{title}</legend>
      {children}
    </fieldset>
  );
}

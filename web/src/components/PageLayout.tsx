import type { ReactNode } from 'react';

/** A page's outer width and vertical rhythm; `narrow` for forms. */
export function PageContainer({ children, width = 'wide', className = '' }: { children: ReactNode; width?: 'narrow' | 'medium' | 'wide'; className?: string }) {
  const max = { narrow: 'max-w-md', medium: 'max-w-3xl', wide: 'max-w-7xl' }[width];
  return <div className={`mx-auto w-full ${max} px-4 py-10 sm:px-6 lg:px-8 lg:py-14 ${className}`}>{children}</div>;
}

/** `id`: the heading can take the focus from script (tabIndex -1), e.g. when the control that had it is gone. */
export function PageHeading({ title, intro, eyebrow, id }: { title: string; intro?: ReactNode; eyebrow?: string; id?: string }) {
  return (
    <div className="mb-8">
      {eyebrow ? <p className="mb-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p> : null}
      <h1 id={id} tabIndex={id ? -1 : undefined} className="text-3xl font-bold tracking-tight text-stone-900 focus:outline-none sm:text-4xl">
        {title}
      </h1>
      {intro ? <p className="mt-3 text-base text-stone-600">{intro}</p> : null}
    </div>
  );
}

import { ui } from '../i18n/messages';

export function Spinner({ label = ui.common.loading, className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-16 text-sm text-stone-600 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 animate-spin text-brand-600">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span>{label}</span>
    </div>
  );
}

import type { Listing } from '../../api/catalog';
import { STATE_LABELS } from '../../i18n/catalogMessages';

/** Draft, Pending approval, Published or Closed, as a coloured pill with the state in words. */
export function StateBadge({ state }: { state: Listing['state'] }) {
  const styles: Record<Listing['state'], string> = {
    draft: 'bg-stone-200 text-stone-800',
    pendingApproval: 'bg-amber-100 text-amber-900',
    published: 'bg-emerald-100 text-emerald-900',
    closed: 'bg-red-100 text-red-900',
  };
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${styles[state]}`}>{STATE_LABELS[state]}</span>;
}

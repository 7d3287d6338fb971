import { Link } from 'react-router-dom';
import type { PublicUser } from '../../api/catalog';
import { MESSAGE_KEYS } from '../../i18n/catalogMessages';

type NameUser = Pick<PublicUser, 'banned' | 'deleted' | 'brandName' | 'displayName'> & { brand?: PublicUser['brand'] };

/**
 * A supplier's name linking to their brand page; banned and deleted users show the spec's
 * placeholder names (Avatar.bannedUserDisplayName, Avatar.deletedUserDisplayName) and no link.
 */
export function supplierDisplayName(user: NameUser | undefined, fallback: string): string {
  if (user?.deleted) return MESSAGE_KEYS['Avatar.deletedUserDisplayName'];
  if (user?.banned) return MESSAGE_KEYS['Avatar.bannedUserDisplayName'];
  return user?.brand?.brandName || user?.brandName || user?.displayName || fallback;
}

export function SupplierName({ id, user, fallback, className = 'link' }: { id: string; user: NameUser | undefined; fallback: string; className?: string }) {
  const name = supplierDisplayName(user, fallback);
  if (user?.banned || user?.deleted) return <span className="font-medium text-stone-600">{name}</span>;
  return (
    <Link to={`/u/${id}`} className={className}>
      {name}
    </Link>
  );
}

/** Initials in a circle: the placeholder avatar (always for banned and deleted users). */
export function InitialsAvatar({ name, className = 'size-12 text-base' }: { name: string; className?: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <span aria-hidden="true" className={`inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800 ring-1 ring-brand-200 ${className}`}>
      {initials || '?'}
    </span>
  );
}

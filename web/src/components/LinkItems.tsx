import { Link } from 'react-router-dom';
import type { NavItem } from '../app/navigation';

/** One list item with a link per menu entry, for a surrounding <ul>. */
export function LinkItems({ items, className }: { items: NavItem[]; className: string }) {
  return items.map((item) => (
    <li key={item.key}>
      <Link to={item.to} className={className}>
        {item.label}
      </Link>
    </li>
  ));
}

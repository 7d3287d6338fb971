import { Navigate } from 'react-router-dom';
import { pathTo } from '../../app/routes';

/** /account opens the contact details tab, which every role has. */
export default function AccountIndexPage() {
  return <Navigate to={pathTo('ContactDetailsPage')} replace />;
}

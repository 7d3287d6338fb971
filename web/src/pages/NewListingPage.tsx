import { Navigate } from 'react-router-dom';
import { newListingPath } from '../lib/listingPaths';

/** /l/new opens the editor as the spec has it: slug draft, the zero id, type new, first tab. */
export default function NewListingPage() {
  return <Navigate to={newListingPath()} replace />;
}

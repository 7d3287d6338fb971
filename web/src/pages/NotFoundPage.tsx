import { NotFoundView } from '../components/NotFoundView';

export default function NotFoundPage() {
  return <NotFoundView />;
}

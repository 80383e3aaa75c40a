// Part 2 of the web app fills this screen in; the heading keeps routes and guards testable.
import { PageHeader } from '../../components/ui/page-header.js';

export function CartPage() {
  return <PageHeader title="Shopping list" />;
}

// Home's search field: a large tap target that takes the shopper to /w/search.
import { ScanBarcode, Search } from 'lucide-react';
import { Link } from 'react-router';

export function SearchArea() {
  return (
    <Link
      to="/w/search"
      className="flex min-h-12 items-center gap-3 rounded-full border border-stone-300 bg-white px-4 text-stone-600 shadow-sm hover:border-flax-600"
    >
      <Search aria-hidden="true" className="size-5" />
      <span className="flex-1">Search products</span>
      <ScanBarcode aria-hidden="true" className="size-5 text-stone-500" />
    </Link>
  );
}

// The home sections that read the database (prices, courts). Loaded after the first paint so the
// data layer stays off the home page's critical path.
import { QueryProvider } from '../../../lib/query';
import { CourtsMap } from './courts-map';
import { PricingTables } from './pricing-tables';

export default function HomeDataSections() {
  return (
    <QueryProvider>
      <PricingTables />
      <CourtsMap />
    </QueryProvider>
  );
}

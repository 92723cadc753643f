// The home sections that read the database (prices, courts), and the school's. Loaded after the first
// paint so their code stays off the home page's critical path.
import { CourtsMap } from './courts-map';
import { PricingTables } from './pricing-tables';
import { SchoolTeaser } from './school-teaser';

export default function HomeDataSections() {
  return (
    <>
      <PricingTables />
      <SchoolTeaser />
      <CourtsMap />
    </>
  );
}

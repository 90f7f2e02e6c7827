import { useSearchParams } from 'react-router';
import type { ListView } from '../../../kit/list-view';
import { ResourceScreen } from '../../../kit/resource-screen';
import { TabbedPage } from '../../../kit/tabbed-page';
import { ContactPanel } from './contact-panel';
import { ContactsImport } from './import-page';

/** A contact opens as its panel (overview, segments, the form). */
const contactsView: ListView = { record: ContactPanel };

/** The community's contacts (not console admins: those are under Settings → Admins), their import and the suppression list. */
export default function ContactsPage() {
  const [, setParams] = useSearchParams();
  return (
    <TabbedPage
      title="Contacts"
      description="Customers, subscribers and leads, with their consent per channel. Addresses on the suppression list are never sent to."
      tabs={[
        {
          value: 'contacts',
          label: 'Contacts',
          content: <ResourceScreen resource="marketing/contacts" embedded view={contactsView} />,
        },
        // A finished import shows the contacts (a tab starts clean: no filters or open record from before).
        { value: 'import', label: 'Import', content: <ContactsImport onDone={() => setParams({})} /> },
        { value: 'suppressions', label: 'Suppression list', content: <ResourceScreen resource="marketing/suppressions" embedded /> },
      ]}
    />
  );
}

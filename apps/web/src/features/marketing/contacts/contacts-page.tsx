import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../kit/page-header';
import { ResourceScreen } from '../../../kit/resource-screen';
import { ContactPanel } from './contact-panel';
import { ContactsImport } from './import-page';
import type { ContactsTab } from './paths';

/** The community's contacts (not console admins: those are under Settings → Admins), their import and the suppression list. */
export default function ContactsPage() {
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') ?? 'contacts') as ContactsTab;
  // A tab starts clean: list filters and an open record belong to the tab they were set on.
  const show = (next: ContactsTab) => setParams(next === 'contacts' ? {} : { tab: next });
  return (
    <>
      <PageHeader
        title="Contacts"
        description="Customers, subscribers and leads, with their consent per channel. Addresses on the suppression list are never sent to."
      />
      <Tabs value={tab} onChange={(v) => show((v ?? 'contacts') as ContactsTab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="contacts">Contacts</Tabs.Tab>
          <Tabs.Tab value="import">Import</Tabs.Tab>
          <Tabs.Tab value="suppressions">Suppression list</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="contacts">
          <ResourceScreen resource="marketing/contacts" embedded renderRecord={(row, meta) => <ContactPanel row={row} meta={meta} />} />
        </Tabs.Panel>
        <Tabs.Panel value="import">
          <ContactsImport onDone={() => show('contacts')} />
        </Tabs.Panel>
        <Tabs.Panel value="suppressions">
          <ResourceScreen resource="marketing/suppressions" embedded />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

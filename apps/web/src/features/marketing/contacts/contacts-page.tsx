import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ResourceScreen } from '../../../kit/resource-screen';
import { ContactPanel } from './contact-panel';
import { CONTACTS_IMPORT, SUPPRESSIONS } from './paths';

/** The community's contacts (not console admins: those are under Settings → Admins). */
export default function ContactsPage() {
  return (
    <ResourceScreen
      resource="marketing/contacts"
      title="Contacts"
      description={
        <>
          Customers, subscribers and leads, with their consent per channel. Addresses on the <Link to={SUPPRESSIONS}>suppression list</Link>{' '}
          are never sent to. Console users are under Settings → Admins.
        </>
      }
      actions={
        <Button component={Link} to={CONTACTS_IMPORT} variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
          Import contacts
        </Button>
      }
      renderRecord={(row, meta) => <ContactPanel row={row} meta={meta} />}
    />
  );
}

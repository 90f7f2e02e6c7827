import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../kit/page-header';
import { ResourceScreen } from '../../kit/resource-screen';
import { RolesScreen } from './roles-screen';

/** Admin roles and the website's member roles, one tab each (the tab is in the URL). */
export default function RoleManagementPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'website' ? 'website' : 'admin';
  return (
    <>
      <PageHeader title="Roles" description="Roles of console admins, and roles of your website's members." />
      <Tabs value={tab} onChange={(v) => setParams(v === 'website' ? { tab: 'website' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="admin">Admin roles</Tabs.Tab>
          <Tabs.Tab value="website">Website roles</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="admin">
          <RolesScreen embedded />
        </Tabs.Panel>
        <Tabs.Panel value="website">
          <ResourceScreen resource="identity/website-roles" embedded />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

import { ResourceScreen } from '../../kit/resource-screen';
import { TabbedPage } from '../../kit/tabbed-page';
import { RolesScreen } from './roles-screen';

/** Admin roles and the website's member roles, one tab each (the tab is in the URL). */
export default function RoleManagementPage() {
  return (
    <TabbedPage
      title="Roles"
      description="Roles of console admins, and roles of your website's members."
      replace
      tabs={[
        { value: 'admin', label: 'Admin roles', content: <RolesScreen embedded /> },
        { value: 'website', label: 'Website roles', content: <ResourceScreen resource="identity/website-roles" embedded /> },
      ]}
    />
  );
}

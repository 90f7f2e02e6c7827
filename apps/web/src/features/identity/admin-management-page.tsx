import { AdminsScreen } from './admins-screen';

export default function AdminManagementPage() {
  return <AdminsScreen title="Admins" description="Add admins, give them a role, disable or remove them." />;
}

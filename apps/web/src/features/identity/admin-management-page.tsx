import { AdminsScreen } from './admins-screen';

export default function AdminManagementPage() {
  return <AdminsScreen title="Admin management" description="Add admins, give them a role, disable or remove them." />;
}

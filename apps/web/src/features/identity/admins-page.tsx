import { AdminsScreen } from './admins-screen';

export default function AdminsPage() {
  return <AdminsScreen title="Admins" description="The people who run this community in the console." />;
}

import { AdminsScreen } from './admins-screen';

export default function AllUsersPage() {
  return (
    <AdminsScreen title="All users" description="Everyone who can sign in to this community, with status and last sign-in." readOnly />
  );
}

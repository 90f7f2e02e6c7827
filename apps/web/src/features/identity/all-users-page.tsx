import { AdminsScreen } from './admins-screen';

export default function AllUsersPage() {
  return (
    <AdminsScreen
      title="Console users"
      description="Everyone who can sign in to this community's console, with status and last sign-in. Customers and subscribers are under Marketing → Contacts."
      readOnly
    />
  );
}

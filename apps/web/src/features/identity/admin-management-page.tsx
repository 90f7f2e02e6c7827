import { AdminsScreen } from './admins-screen';
import { TransferOwnership } from './transfer-ownership';

export default function AdminManagementPage() {
  return (
    <AdminsScreen title="Admins" description="Add admins, give them a role, disable or remove them." actions={<TransferOwnership />} />
  );
}

import { RolesScreen } from './roles-screen';

export default function RolesPage() {
  return <RolesScreen title="Roles" description="What each admin role may read and change." />;
}

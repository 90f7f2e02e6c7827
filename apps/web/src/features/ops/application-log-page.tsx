import { LogsScreen } from './logs-screen';

export default function ApplicationLogPage() {
  return <LogsScreen kind="application" title="Application log" description="Sign-ins, imports and other events of your community." />;
}

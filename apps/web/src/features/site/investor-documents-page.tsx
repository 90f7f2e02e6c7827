import { SiteScreen } from './site-screen';

export default function InvestorDocumentsPage() {
  return (
    <SiteScreen
      resource="site/investor-documents"
      title="Investor relations"
      description="Results, reports and governance documents for investors."
    />
  );
}

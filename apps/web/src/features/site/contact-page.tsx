import { SiteScreen } from './site-screen';

export default function ContactPage() {
  return (
    <SiteScreen
      resource="site/contact-details"
      title="Contact page"
      description="Offices, showrooms and factories shown on the contact page."
    />
  );
}

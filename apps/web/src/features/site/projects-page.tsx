import { SiteScreen } from './site-screen';

export default function ProjectsPage() {
  return (
    <SiteScreen resource="site/projects" title="Projects" description="Reference projects: location, gallery and the products used." />
  );
}

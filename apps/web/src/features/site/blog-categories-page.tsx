import { SiteScreen } from './site-screen';

export default function BlogCategoriesPage() {
  return <SiteScreen resource="site/blog-categories" title="Blog categories" description="How the blog is organised on the website." />;
}

import { SITE_PATHS } from './paths';
import { SiteListPage } from './site-list-page';

export default function BlogsPage() {
  return (
    <SiteListPage
      resource="site/blogs"
      title="Blog posts"
      description="Open a post to write it, with a preview of how it reads on the website."
      createPath={SITE_PATHS.blogEditor}
      editPath={SITE_PATHS.blogEditor}
    />
  );
}

import { TabbedScreens, type TabbedScreensProps } from './tabbed-screens';

const tabs: TabbedScreensProps['tabs'] = [
  { value: 'projects', label: 'Project categories', screen: { resource: 'site/project-categories' } },
  { value: 'website', label: 'Website categories', screen: { resource: 'site/categories' } },
  { value: 'subcategories', label: 'Website subcategories', screen: { resource: 'site/subcategories' } },
];

/** Categories of projects, and the website's own categories and subcategories. */
export default function CategoryPage() {
  return <TabbedScreens title="Categories" description="Project categories, and the sections the website is organised by." tabs={tabs} />;
}

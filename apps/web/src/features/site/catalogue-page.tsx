import { TabbedScreens, type TabbedScreensProps } from './tabbed-screens';

const tabs: TabbedScreensProps['tabs'] = [
  { value: 'catalogues', label: 'Catalogues', screen: { resource: 'site/catalogues' } },
  { value: 'documents', label: 'Documents', screen: { resource: 'site/documents' } },
];

/** Catalogues (PDF, optionally behind the download form) and the downloadable documents. */
export default function CataloguePage() {
  return <TabbedScreens title="Catalogue" description="Catalogues and documents visitors download from the website." tabs={tabs} />;
}

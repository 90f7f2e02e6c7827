import type { ComponentType } from 'react';
import { lazyRecordView } from '../../kit/lazy-record-view';
import type { ListView } from '../../kit/list-view';
import { imageCells } from './image-cells';
import type { SiteRecordEditorProps } from './page-view';

/**
 * A website list whose records open in a page of their own: image thumbnails in the list. The editor
 * (its form, image gallery, row editors, pickers) loads when a record opens, not with the list: on a
 * phone, loading and running those chunks with the list was a good part of its start (Lighthouse).
 */
export function sitePageView(load: () => Promise<{ default: ComponentType<SiteRecordEditorProps> }>): ListView {
  const editor = lazyRecordView(load);
  return { cells: imageCells, page: true, record: editor, create: editor };
}

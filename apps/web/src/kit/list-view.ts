import type { ComponentType, ReactNode } from 'react';
import type { ResourceMeta } from '../api/get-resources-meta';
import type { CustomWidget } from './field-input';
import type { Row } from './resource-api';

/** What the open record's own component receives (a screen's panel or editor). */
export interface RecordViewProps {
  /** The record open in `?record=<id>`. */
  row: Row;
  meta: ResourceMeta;
  /** Back to the list (`?record=` dropped). */
  close: () => void;
  /** Shows another record in its place, e.g. the one just created (`?record=<id>`, replacing the history entry). */
  open: (id: string) => void;
}

/** What a new record's own editor receives: `copyOf` is the record a Duplicate copies (`?record=new&copy=<id>`). */
export interface CreateViewProps extends Omit<RecordViewProps, 'row'> {
  copyOf: string | null;
}

/** A list cell's own rendering, by field key. */
export type ListCells = Record<string, (row: Row) => ReactNode>;

/**
 * What a list-plus-record screen adds to the kit's (`ResourceScreen`): everything else — heading, list,
 * paging, filters, views, export, the `?record=<id>` drawer or page, delete — is the kit's. A screen
 * entry carries one as `view` (a module of its area, loaded with the screen); code passes it as a prop.
 */
export interface ListView {
  /** Rendered above the list, under the heading (a screen's numbers, a notice). */
  above?: ComponentType;
  /** The screen's own cells; a function when they depend on the resource's fields (its image fields…). */
  cells?: ListCells | ((meta: ResourceMeta) => ListCells);
  /** Inputs of some fields in the kit's record form; a function when they depend on the resource's fields. */
  widgets?: Record<string, CustomWidget> | ((meta: ResourceMeta) => Record<string, CustomWidget>);
  /** A saved record's own panel or editor (`?record=<id>`), instead of the kit's form. */
  record?: (props: RecordViewProps) => ReactNode;
  /** A new record's own editor (`?record=new`), instead of the kit's form. */
  create?: (props: CreateViewProps) => ReactNode;
  /**
   * The view's `create` makes copies too (it reads `copyOf`): the list offers Duplicate. Without it, a
   * view with its own `record` or `create` offers none (the kit's form would not match the screen's).
   */
  duplicate?: boolean;
  /**
   * The open record takes the page in place of the list (an editor too large for a drawer), under a
   * heading of its own with a link back to the list; else it opens in the list's drawer.
   */
  page?: boolean;
}

/** A view's cells or widgets for a resource (they may be a function of its fields). */
export const forMeta = <T>(part: T | ((meta: ResourceMeta) => T) | undefined, meta: ResourceMeta | undefined): T | undefined =>
  typeof part === 'function' ? (meta ? (part as (meta: ResourceMeta) => T)(meta) : undefined) : part;

import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconChevronDown, IconDeviceFloppy, IconLayoutList, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import type { ResourceMeta } from '../api/get-resources-meta';
import { NameDialog } from './name-dialog';
import { lastView, type SavedView, useSavedViewMutations, useSavedViews, type ViewInput } from './saved-views-api';

/** The parts of a list a view keeps. */
export interface ViewState {
  q: string;
  sort: string;
  filters: Record<string, string[]>;
  /** Chosen columns; null = the resource's defaults. */
  columns: string[] | null;
}

/** A list's current state as a saved view's fields. */
export function toViewInput(meta: ResourceMeta, name: string, view: ViewState): ViewInput {
  return {
    resource: meta.path,
    name,
    filters: { ...view.filters, ...(view.q ? { q: [view.q] } : {}) },
    sort: view.sort === meta.list.defaultSort ? null : view.sort,
    columns: view.columns,
  };
}

/** A saved view as the list's state (search, sort, filters, columns). */
export function fromSavedView(meta: ResourceMeta, view: SavedView): ViewState {
  const { q, ...filters } = view.filters;
  return { q: q?.[0] ?? '', sort: view.sort ?? meta.list.defaultSort, filters, columns: view.columns };
}

/**
 * The active saved view of a list: the one applied last in this browser is applied again when the
 * list opens without parameters of its own (a shared link wins over the remembered view).
 */
/** Whether a list's search, sort and filters are a view's (the order of filters and values aside). */
export function sameView(a: Omit<ViewState, 'columns'>, b: Omit<ViewState, 'columns'>): boolean {
  const norm = (f: Record<string, string[]>) =>
    JSON.stringify(
      Object.entries(f)
        .filter(([, v]) => v.length > 0)
        .map(([k, v]) => [k, [...v].sort()])
        .sort(([x], [y]) => String(x).localeCompare(String(y))),
    );
  return a.q === b.q && a.sort === b.sort && norm(a.filters) === norm(b.filters);
}

export function useActiveView(
  meta: ResourceMeta,
  hasParams: boolean,
  apply: (view: ViewState) => void,
  current?: Omit<ViewState, 'columns'>,
) {
  const views = useSavedViews(meta.path);
  const [activeId, setActiveId] = useState<string | null>(null);
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !views.data) return;
    restored.current = true;
    const remembered = views.data.find((v) => v.id === lastView.get(meta.path));
    if (!remembered) return;
    // A link with its own parameters shows what it says, not the remembered view; when what it says
    // is that view (the address the view wrote, reloaded), the view is the active one.
    if (hasParams) {
      if (current && sameView(current, fromSavedView(meta, remembered))) setActiveId(remembered.id);
      return;
    }
    setActiveId(remembered.id);
    apply(fromSavedView(meta, remembered));
  }, [views.data, meta, hasParams, apply, current]);
  const choose = (view: SavedView | null) => {
    setActiveId(view?.id ?? null);
    lastView.set(meta.path, view?.id ?? null);
    if (view) apply(fromSavedView(meta, view));
  };
  return { views: views.data ?? [], active: views.data?.find((v) => v.id === activeId) ?? null, choose };
}

export interface ViewsMenuProps {
  meta: ResourceMeta;
  views: SavedView[];
  active: SavedView | null;
  current: ViewState;
  onChoose: (view: SavedView | null) => void;
}

/** "Views": apply a saved view, save the current one, update, rename or delete the active one. */
export function ViewsMenu({ meta, views, active, current, onChoose }: ViewsMenuProps) {
  const { create, update, remove } = useSavedViewMutations(meta.path);
  const [naming, setNaming] = useState<'new' | 'rename' | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const fail = (title: string) => (err: unknown) =>
    notifications.show({ color: 'red', title, message: err instanceof ApiError ? err.message : 'Try again' });

  async function submitName() {
    try {
      if (naming === 'rename' && active) {
        onChoose(await update.mutateAsync({ id: active.id, name }));
        notifications.show({ color: 'teal', message: `View renamed to “${name.trim()}”` });
      } else {
        onChoose(await create.mutateAsync(toViewInput(meta, name, current)));
        notifications.show({ color: 'teal', message: `View “${name.trim()}” saved` });
      }
      setNaming(null);
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields?.name ?? err.message) : 'Try again');
    }
  }

  async function saveOver() {
    if (!active) return;
    const { resource: _r, name: _n, ...fields } = toViewInput(meta, active.name, current);
    await update
      .mutateAsync({ id: active.id, ...fields })
      .then(() => notifications.show({ color: 'teal', message: `View “${active.name}” updated` }), fail('View not updated'));
  }

  async function deleteActive() {
    if (!active) return;
    await remove.mutateAsync(active.id).then(() => {
      onChoose(null);
      notifications.show({ color: 'teal', message: `View “${active.name}” deleted` });
    }, fail('View not deleted'));
  }

  const openNaming = (mode: 'new' | 'rename') => {
    setName(mode === 'rename' && active ? active.name : '');
    setError(undefined);
    setNaming(mode);
  };

  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconLayoutList size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            data-testid="views-menu"
          >
            {active ? active.name : 'Views'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {views.length > 0 && <Menu.Label>Saved views</Menu.Label>}
          {views.map((view) => (
            <Menu.Item
              key={view.id}
              onClick={() => onChoose(view)}
              leftSection={view.id === active?.id ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />}
            >
              {view.name}
            </Menu.Item>
          ))}
          {views.length > 0 && <Menu.Divider />}
          <Menu.Item leftSection={<IconDeviceFloppy size={14} aria-hidden />} onClick={() => openNaming('new')}>
            Save current view…
          </Menu.Item>
          {active && (
            <>
              <Menu.Item leftSection={<IconDeviceFloppy size={14} aria-hidden />} onClick={saveOver}>
                Update “{active.name}”
              </Menu.Item>
              <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => openNaming('rename')}>
                Rename…
              </Menu.Item>
              <Menu.Item leftSection={<IconTrash size={14} aria-hidden />} color="red" onClick={deleteActive}>
                Delete view
              </Menu.Item>
              <Menu.Item leftSection={<IconX size={14} aria-hidden />} onClick={() => onChoose(null)}>
                Stop using this view
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <NameDialog
        opened={naming !== null}
        title={naming === 'rename' ? 'Rename view' : 'Save view'}
        label="Name"
        description={naming === 'new' ? 'Keeps the search, filters, sort and columns shown now.' : undefined}
        value={name}
        onChange={setName}
        error={error}
        maxLength={80}
        submitLabel="Save"
        busy={create.isPending || update.isPending}
        onSubmit={() => void submitName()}
        onClose={() => setNaming(null)}
      />
    </>
  );
}

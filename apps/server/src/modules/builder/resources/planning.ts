import { z } from 'zod';
import { defineResource } from '../../../kernel/resources';
import { builderPages, builderProjectRoles, builderStories, builderTaskLists, builderVersions } from '../tables';
import { dateInput, PRIORITY_UI, projectRecord, textInput, titleInput } from './common';

/** The roles of a project's users (from its suite, or added: addRolesToProject). */
export const projectRolesResource = defineResource({
  path: 'builder/project-roles',
  module: 'builder',
  table: builderProjectRoles,
  label: { singular: 'Project role', plural: 'Project roles' },
  readOnly: ['createdBy'],
  input: { name: (s) => s.trim().min(1).max(60), description: textInput },
  ...projectRecord('builder_project_roles'),
  list: { search: ['name'], filters: ['projectId'], sort: ['name'], defaultSort: 'name' },
  fields: { projectId: { label: 'Project' } },
  ui: { title: 'name', columns: ['name', 'projectId', 'description'] },
  examples: [{ name: 'Dealer', description: 'Orders for their showroom' }],
});

/** A project's pages and admin pages (getPages, getAdminPages). */
export const pagesResource = defineResource({
  path: 'builder/pages',
  module: 'builder',
  table: builderPages,
  label: { singular: 'Page', plural: 'Pages' },
  readOnly: ['createdBy'],
  input: { name: (s) => s.trim().min(1).max(120), route: (s) => s.trim().max(200), description: textInput },
  ...projectRecord('builder_pages'),
  list: { search: ['name', 'route'], filters: ['projectId', 'kind', 'status'], sort: ['name'], defaultSort: 'name' },
  fields: { projectId: { label: 'Project' }, description: { widget: 'textarea' } },
  ui: { title: 'name', columns: ['name', 'route', 'kind', 'status', 'projectId'] },
  examples: [{ name: 'Dealer dashboard', route: '/dealer', kind: 'page' }],
});

/** User stories with acceptance criteria. */
export const storiesResource = defineResource({
  path: 'builder/stories',
  module: 'builder',
  table: builderStories,
  label: { singular: 'User story', plural: 'User stories' },
  readOnly: ['createdBy'],
  input: {
    title: titleInput,
    role: (s) => s.trim().max(60),
    description: textInput,
    acceptanceCriteria: () => z.array(z.string().trim().min(1).max(500)).max(30),
  },
  ...projectRecord('builder_stories'),
  list: { search: ['title'], filters: ['projectId', 'pageId', 'status', 'priority'], sort: ['title'] },
  fields: {
    projectId: { label: 'Project' },
    pageId: { label: 'Page' },
    description: { widget: 'textarea' },
    acceptanceCriteria: { widget: 'tags', label: 'Acceptance criteria' },
    priority: PRIORITY_UI,
  },
  ui: { title: 'title', columns: ['title', 'role', 'pageId', 'status', 'priority'] },
  examples: [
    {
      title: 'As a dealer I can reorder last month’s items',
      role: 'Dealer',
      acceptanceCriteria: ['Out-of-stock items are flagged', 'Prices are today’s'],
    },
  ],
});

/** Versions and milestones (getVersion). */
export const versionsResource = defineResource({
  path: 'builder/versions',
  module: 'builder',
  table: builderVersions,
  label: { singular: 'Version', plural: 'Versions' },
  readOnly: ['createdBy'],
  input: { name: (s) => s.trim().min(1).max(120), startDate: dateInput, dueDate: dateInput },
  ...projectRecord('builder_versions'),
  list: { search: ['name'], filters: ['projectId', 'status'], sort: ['name', 'dueDate'], defaultSort: 'dueDate' },
  fields: {
    projectId: { label: 'Project' },
    startDate: { widget: 'date' },
    dueDate: { widget: 'date' },
    status: { options: { planned: { color: 'gray' }, active: { color: 'blue' }, released: { color: 'green' } } },
  },
  ui: { title: 'name', columns: ['name', 'status', 'startDate', 'dueDate', 'projectId'] },
  examples: [{ name: 'v1.0 — launch', status: 'active', dueDate: '2027-01-31' }],
});

/** Task lists (sprints, epics): gettasklist, updateTasklist. */
export const taskListsResource = defineResource({
  path: 'builder/task-lists',
  module: 'builder',
  table: builderTaskLists,
  label: { singular: 'Task list', plural: 'Task lists' },
  readOnly: ['createdBy'],
  input: { name: (s) => s.trim().min(1).max(120), position: (s) => s.int().min(0).max(100_000) },
  ...projectRecord('builder_task_lists'),
  list: { search: ['name'], filters: ['projectId'], sort: ['name', 'position'], defaultSort: 'position' },
  fields: { projectId: { label: 'Project' } },
  ui: { title: 'name', columns: ['name', 'projectId', 'position'] },
  examples: [{ name: 'Sprint 1', position: 0 }],
});

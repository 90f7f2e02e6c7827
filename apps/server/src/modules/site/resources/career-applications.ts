import { z } from 'zod';
import { defineResource } from '../../../kernel/resources';
import { emailSchema, phoneSchema, urlSchema } from '../schemas';
import { siteCareerApplications } from '../tables';
import { inboundAttention, inboundEditable, inboundUi } from './common';

/** Job applications from the careers page; the CV is a private file. */
export const careerApplicationsResource = defineResource({
  path: 'site/career-applications',
  module: 'site',
  table: siteCareerApplications,
  label: { singular: 'Career application', plural: 'Career applications' },
  input: {
    name: (s) => s.trim().min(1).max(120),
    email: () => emailSchema,
    phone: () => phoneSchema,
    position: (s) => s.trim().min(1).max(200),
    experienceYears: (s) => s.int().min(0).max(70),
    currentCompany: (s) => s.trim().max(200),
    linkedinUrl: () => z.url({ protocol: /^https?$/ }).max(500),
    coverLetter: (s) => s.trim().max(10_000),
    cvUrl: () => urlSchema,
    notes: (s) => s.max(5000),
  },
  list: { search: ['name', 'email', 'position'], filters: ['status', 'position', 'assigneeId'], sort: ['name', 'email'] },
  editable: [...inboundEditable],
  fields: {
    ...inboundUi,
    email: { widget: 'email' },
    linkedinUrl: { widget: 'url', label: 'LinkedIn' },
    coverLetter: { widget: 'textarea' },
    // The CV is private: readable by whoever may read the application (site:read), nobody else.
    cvUrl: { widget: 'file', label: 'CV', private: true },
    cvFileId: { label: 'CV file', private: true },
  },
  ui: { attention: inboundAttention, title: 'name', columns: ['createdAt', 'name', 'position', 'experienceYears', 'status', 'assigneeId'] },
  examples: [
    {
      name: 'Vikram Nair',
      email: 'vikram.nair@example.com',
      phone: '+91 97400 88776',
      position: 'Sales engineer, façades',
      experienceYears: 6,
      currentCompany: 'Skyline Facades',
      coverLetter: 'Six years specifying ventilated façades for commercial projects in South India.',
    },
    { name: 'Leena Joseph', email: 'leena.j@example.com', position: 'Graphic designer', experienceYears: 2, status: 'in_progress' },
  ],
});

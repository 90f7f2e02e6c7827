import { z } from 'zod';
import { urlSchema } from '../schemas';
import { siteCareerApplications } from '../tables';
import { inboundResource } from './inbound';

/** Job applications from the careers page; the CV is a private file. */
export const careerApplicationsResource = inboundResource({
  path: 'site/career-applications',
  table: siteCareerApplications,
  label: { singular: 'Career application', plural: 'Career applications' },
  input: {
    position: (s) => s.trim().min(1).max(200),
    experienceYears: (s) => s.int().min(0).max(70),
    currentCompany: (s) => s.trim().max(200),
    linkedinUrl: () => z.url({ protocol: /^https?$/ }).max(500),
    coverLetter: (s) => s.trim().max(10_000),
    cvUrl: () => urlSchema,
  },
  search: ['position'],
  filters: ['position'],
  fields: {
    linkedinUrl: { widget: 'url', label: 'LinkedIn' },
    coverLetter: { widget: 'textarea' },
    // The CV is private: readable by whoever may read the application (site:read), nobody else.
    cvUrl: { widget: 'file', label: 'CV', private: true },
    cvFileId: { label: 'CV file', private: true },
  },
  columns: ['createdAt', 'name', 'position', 'experienceYears', 'status', 'assigneeId'],
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
